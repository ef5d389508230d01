import { allErrorKeys, messageTemplate } from '@formloop/contracts';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { translationOf } from '../../shared/i18n/message-locations.ts';

// ADR 0012: every key the server can send (every key of every catalogue) has a translation in each
// of the six languages: present, not empty, not the English copied, with the template's placeholders.

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
type Tree = { [key: string]: string | Tree };

const files = new Map<string, Tree>();
function lookup(language: string, namespace: string, path: string): string | undefined {
  const file = `${language}/${namespace}`;
  if (!files.has(file)) {
    try {
      files.set(file, JSON.parse(readFileSync(join(localesDir, `${file}.json`), 'utf8')) as Tree);
    } catch {
      files.set(file, {});
    }
  }
  // Keys may hold dots (workflow issue codes do not; message names never do): walk segment by segment.
  let node: string | Tree | undefined = files.get(file);
  for (const segment of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[segment];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Keys whose text is by nature the same in a language as in English (none today). */
const SAME_IN_LANGUAGE: Record<string, readonly string[]> = {};

const keys = allErrorKeys();
const placeholders = (text: string) => [...text.matchAll(/\{\{?\s*(\w+)\s*\}?\}/g)].map((m) => m[1]).sort();

describe('error keys', () => {
  it('are many and each has a place in the locale files', () => {
    expect(keys.length).toBeGreaterThan(300);
    expect(keys.filter((key) => translationOf(key) === null)).toEqual([]);
  });

  it.each(LANGUAGES)('%s translates every key the server can send', (language) => {
    const missing = keys.filter((key) => {
      const where = translationOf(key)!;
      return !lookup(language, where.namespace, where.path)?.trim();
    });
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s does not copy the English', (language) => {
    const copied = keys.filter((key) => {
      const where = translationOf(key)!;
      const english = lookup('en', where.namespace, where.path);
      return (
        english !== undefined &&
        lookup(language, where.namespace, where.path) === english &&
        !(SAME_IN_LANGUAGE[language] ?? []).includes(key)
      );
    });
    expect(copied).toEqual([]);
  });

  it("en keeps each template's placeholders", () => {
    const broken = keys.filter((key) => {
      const where = translationOf(key)!;
      const english = lookup('en', where.namespace, where.path);
      const template = messageTemplate(key)!;
      const names = placeholders(template).filter((name) => !/^\d+$/.test(name!));
      const own = placeholders(english ?? '').filter((name) => !/^\d+$/.test(name!));
      return english !== undefined && own.join() !== names.join();
    });
    expect(broken).toEqual([]);
  });
});
