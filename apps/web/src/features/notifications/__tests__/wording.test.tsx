import { act, render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import {
  NOTIFICATION_TYPE_PARAMS,
  notificationType,
  notificationWording,
  useNotificationWords,
  type NotificationFacts,
} from '../wording.ts';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '../../../locales');
const languages = readdirSync(localesDir).filter((name) => !name.startsWith('__'));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

beforeAll(async () => {
  await i18n.loadNamespaces(['notifications']);
});

describe('notification wording (spec §3 Notification)', () => {
  it('knows the type names in any case', () => {
    expect(notificationType('Restart')).toBe('restart');
    expect(notificationType(' assigned ')).toBe('assigned');
    expect(notificationType('toString')).toBeNull();
    expect(notificationType(null)).toBeNull();
  });

  it('words a known type with its values, and falls back when one is missing', () => {
    const values = { actor: 'Fiona', app: 'Purchases', step: 'Manager approval' };
    expect(notificationWording('approve', values, 'Someone')).toEqual({ key: 'texts.approve', values });
    expect(notificationWording('approve', { app: 'Purchases', step: ' ' }, 'Someone')).toBeNull();
    expect(notificationWording('escalated', { app: 'Purchases' }, 'Someone')).toBeNull();
    expect(notificationWording('completed', null, 'Someone')).toBeNull();
  });

  it('words an event nobody caused with the reader’s word for someone', () => {
    expect(
      notificationWording('approve', { app: 'Purchases', step: 'Manager approval', actor: ' ' }, 'Jemand'),
    ).toEqual({
      key: 'texts.approve',
      values: { actor: 'Jemand', app: 'Purchases', step: 'Manager approval' },
    });
  });

  it.each(languages)(
    '%s has a sentence with exactly the declared values, and a label, for every type',
    (language) => {
      const file = JSON.parse(readFileSync(join(localesDir, language, 'notifications.json'), 'utf8')) as {
        texts: Record<string, string>;
        kinds: Record<string, string>;
      };
      expect(Object.keys(file.texts).sort()).toEqual(Object.keys(NOTIFICATION_TYPE_PARAMS).sort());
      for (const [type, params] of Object.entries(NOTIFICATION_TYPE_PARAMS)) {
        expect({ type, params: placeholders(file.texts[type] ?? '') }).toEqual({
          type,
          params: [...params].sort(),
        });
        expect(file.kinds[type]).toBeTruthy();
      }
      expect(file.kinds.other).toBeTruthy();
    },
  );

  it('renders in the UI language, with the stored content as the fallback', async () => {
    function Words({ facts }: { facts: NotificationFacts }) {
      const words = useNotificationWords();
      return (
        <p>
          {words.kind(facts.type)}: {words.text(facts)}
        </p>
      );
    }
    const assigned = {
      type: 'assigned',
      params: { app: 'Purchases', step: 'Manager approval' },
      content: 'stored text',
    };
    const { rerender } = render(<Words facts={assigned} />);
    expect(screen.getByText('New task: Manager approval in Purchases is waiting for you')).toBeTruthy();

    await act(() => i18n.changeLanguage('de'));
    await i18n.loadNamespaces(['notifications']);
    rerender(<Words facts={assigned} />);
    expect(
      await screen.findByText('Neue Aufgabe: Manager approval in Purchases wartet auf Sie'),
    ).toBeTruthy();

    rerender(<Words facts={{ type: 'completed', params: { app: 'Reisen' }, content: 'x' }} />);
    expect(
      screen.getByText('Abgeschlossen: Der Eintrag in Reisen hat seinen Prozess abgeschlossen'),
    ).toBeTruthy();
    rerender(<Words facts={{ type: 'restart', params: { app: 'Reisen' }, content: 'x' }} />);
    expect(
      screen.getByText('Prozess neu gestartet: Jemand hat den Prozess des Eintrags in Reisen neu gestartet'),
    ).toBeTruthy();
    rerender(<Words facts={{ type: 'escalated', params: {}, content: 'Escalated to you' }} />);
    expect(screen.getByText('Benachrichtigung: Escalated to you')).toBeTruthy();
  });
});
