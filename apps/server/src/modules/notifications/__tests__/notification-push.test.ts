import { describe, expect, it } from 'vitest';
import {
  CONTENT_MAX_CHARS,
  NAME_MAX_CHARS,
  PUSH_BUDGET_BYTES,
  fitNotice,
  truncateText,
} from '../notification-push.ts';
import { pushOf } from '../notification.service.ts';

// A notification's push must fit PostgreSQL NOTIFY (8000 bytes): notification-push.ts cuts it.

const notice = (content: string, params: Record<string, string>) => ({
  id: '6f1c2b9e-0000-4000-8000-000000000001',
  tenantId: 't',
  userId: 'u',
  typeName: 'comment',
  moduleId: 'm',
  recordId: 'r',
  content,
  params,
});
const pushBytes = (value: ReturnType<typeof notice>) =>
  Buffer.byteLength(JSON.stringify(pushOf(value)), 'utf8');

describe('truncateText', () => {
  it('cuts whole code points and marks the cut', () => {
    expect(truncateText('abcdef', 4)).toBe('abc…');
    expect(truncateText('abc', 3)).toBe('abc');
    expect(truncateText('😀😀😀', 2)).toBe('😀…');
  });
});

describe('fitNotice', () => {
  it('leaves a short notice as it is', () => {
    const short = notice('Fred commented', { app: 'Orders', message: 'Hi' });
    expect(fitNotice(short, pushOf)).toEqual(short);
  });

  it('cuts names and the sentence to their lengths', () => {
    const fitted = fitNotice(notice('x'.repeat(5000), { app: 'A'.repeat(500), actor: 'Fred' }), pushOf);
    expect(Array.from(fitted.content)).toHaveLength(CONTENT_MAX_CHARS);
    expect(Array.from(fitted.params.app!)).toHaveLength(NAME_MAX_CHARS);
    expect(fitted.params.actor).toBe('Fred');
  });

  it('shortens wide text (4-byte characters, escaped quotes) until the push fits the budget', () => {
    const wide = '😀"'.repeat(2000);
    const fitted = fitNotice(
      notice(wide, { app: '"'.repeat(300), step: '😀'.repeat(300), actor: '\n'.repeat(300), message: wide }),
      pushOf,
    );
    expect(pushBytes(fitted)).toBeLessThanOrEqual(PUSH_BUDGET_BYTES);
    expect(fitted.content.length).toBeGreaterThan(100);
    expect(fitted.params.message!.length).toBeGreaterThan(100);
  });
});
