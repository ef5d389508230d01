import { describe, expect, it } from 'vitest';
import { allErrorKeys, messageTemplate, msg, renderMessage, type ErrorKey } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { engineRefusalRef, keyOfText, refOfText } from '../message-text.ts';

describe('refOfText (catalogue text → key, server side only)', () => {
  it('finds fixed texts exactly, the spec catalogue first', () => {
    expect(refOfText('Your session has expired')).toEqual({ key: 'validation.sessionExpired', params: {} });
    expect(refOfText('This team does not exist.')).toEqual({ key: 'teams.notFound', params: {} });
  });

  it('prefers a fixed text over a template that would also fit it', () => {
    expect(refOfText('Cannot exceed 40 characters')).toEqual({ key: 'validation.nameTooLong', params: {} });
    expect(refOfText('Cannot exceed 63 characters')).toEqual({
      key: 'validation.cannotExceed',
      params: { max: '63' },
    });
  });

  it('reads template parameters back, with spaces and punctuation, literally otherwise', () => {
    expect(refOfText(MESSAGES.reservedName('My App (v2.0)'))).toEqual({
      key: 'validation.reservedName',
      params: { name: 'My App (v2.0)' },
    });
    expect(refOfText('No Full User licence is left: all 2 are in use.')).toEqual({
      key: 'users.noSeatsLeft',
      params: { licence: 'Full User', limit: '2' },
    });
    expect(refOfText('User ada was not foundX')).toBeNull();
    expect(refOfText(' Your session has expired')).toBeNull();
    expect(refOfText('')).toBeNull();
  });

  it('gives a text outside the catalogues the fallback key', () => {
    expect(keyOfText('no catalogue says this')).toEqual(msg('server.invalid'));
  });

  it('reads every fixed catalogue text back to a key with the same text', () => {
    for (const key of allErrorKeys()) {
      const template = messageTemplate(key)!;
      if (/\{\w+\}/.test(template)) continue;
      const found = refOfText(template);
      expect(found && messageTemplate(found.key), key).toBe(template);
    }
  });
});

describe('msg and renderMessage', () => {
  it('render the English from the key', () => {
    expect(renderMessage(msg('teams.duplicateName'))).toBe('A team with this name already exists.');
    expect(renderMessage(msg('users.noSeatsLeft', { licence: 'Full User', limit: 2 }))).toBe(
      'No Full User licence is left: all 2 are in use.',
    );
  });

  it('name the workflow engine refusals by code', () => {
    expect(engineRefusalRef('not-active')).toEqual({ key: 'workflowEngine.notActive', params: {} });
    expect(engineRefusalRef('version-mismatch').key).toBe(
      'workflowEngine.versionMismatch' satisfies ErrorKey,
    );
    expect(engineRefusalRef('no-such-code')).toEqual(msg('server.invalid'));
  });
});
