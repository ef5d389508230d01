import { LANGUAGES, MESSAGE_CATALOGUE } from '@formloop/domain';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Walks src/locales/<lng>/<namespace>.json on disk, so a new file or key is checked without being listed here.
const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

const languages = readdirSync(localesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== '__tests__')
  .map((entry) => entry.name)
  .sort();

/** language → "namespace:key" → text */
const catalogue = new Map(
  languages.map((language) => {
    const keys = new Map<string, string>();
    for (const file of readdirSync(join(localesDir, language)).filter((name) => name.endsWith('.json'))) {
      const namespace = file.replace(/\.json$/, '');
      const tree = JSON.parse(readFileSync(join(localesDir, language, file), 'utf8')) as Tree;
      for (const [key, text] of flatten(tree)) keys.set(`${namespace}:${key}`, text);
    }
    return [language, keys] as const;
  }),
);
const english = catalogue.get('en') ?? new Map<string, string>();
const others = languages.filter((language) => language !== 'en');

/**
 * The few keys whose text is legitimately the same as English: product and protocol names, and
 * words the language shares with English. Keep this a handful; a longer list means copies.
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  de: ['common:appName', 'auth:login.saml', 'home:roleFlags.isAdministrator'],
  es: ['common:appName', 'auth:login.saml', 'home:roles'],
  fr: ['common:appName', 'auth:login.saml', 'home:roleFlags.isConsultant'],
  ja: ['common:appName', 'auth:login.saml'],
  zh: ['common:appName', 'auth:login.saml'],
};
const HANDFUL = 5;

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('locale files', () => {
  it('exist for exactly the six UI languages', () => {
    expect(languages).toEqual([...LANGUAGES].sort());
    expect(english.size).toBeGreaterThan(0);
  });

  it.each(others)('%s has every key that en has, and no others', (language) => {
    const keys = catalogue.get(language) ?? new Map<string, string>();
    const missing = [...english.keys()].filter((key) => !keys.has(key));
    const extra = [...keys.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(others)('%s has no empty texts and keeps the {{placeholders}} of en', (language) => {
    const keys = catalogue.get(language) ?? new Map<string, string>();
    const broken = [...english].filter(([key, text]) => {
      const translated = keys.get(key);
      return (
        translated !== undefined &&
        (translated.trim() === '' || placeholders(translated).join() !== placeholders(text).join())
      );
    });
    expect(broken.map(([key]) => key)).toEqual([]);
  });

  it.each(others)('%s is translated, not copied from en', (language) => {
    const allowed = SAME_AS_ENGLISH[language] ?? [];
    expect(allowed.length).toBeLessThanOrEqual(HANDFUL);
    const keys = catalogue.get(language) ?? new Map<string, string>();
    const copies = [...english]
      .filter(([key, text]) => keys.get(key) === text && !allowed.includes(key))
      .map(([key]) => key);
    expect(copies).toEqual([]);
  });

  it('en validation texts are exactly the domain MESSAGES (with {{placeholders}})', () => {
    const expected = Object.fromEntries(
      Object.entries(MESSAGE_CATALOGUE).map(([key, text]) => [
        `validation:${key}`,
        text.replace(/\{(\w+)\}/g, '{{$1}}'),
      ]),
    );
    const actual = Object.fromEntries([...english].filter(([key]) => key.startsWith('validation:')));
    expect(actual).toEqual(expected);
  });
});
