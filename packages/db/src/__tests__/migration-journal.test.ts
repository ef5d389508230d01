import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// drizzle's migrator applies a migration only when its journal time (`when`) is later than the
// created_at of the last migration the database has applied. A migration whose `when` is not later
// than every one before it is silently skipped on every installation that already has those: it
// runs on fresh databases (every test) and never on an upgrade. drizzle-kit writes the current
// clock, so a migration generated after a hand-dated one must be re-dated by hand: keep `when`
// strictly increasing.

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'migrations');
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ idx: number; when: number; tag: string }>;
};

describe('migration journal', () => {
  it('dates every migration later than the one before it (or upgrades skip it)', () => {
    const late = journal.entries
      .filter((entry, i) => i > 0 && entry.when <= journal.entries[i - 1]!.when)
      .map(
        (entry) =>
          `${entry.tag} (when ${entry.when} ≤ ${journal.entries[journal.entries.indexOf(entry) - 1]!.when})`,
      );
    expect(late).toEqual([]);
  });

  it('lists every migration file once, in order', () => {
    const files = readdirSync(MIGRATIONS)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => name.replace(/\.sql$/, ''))
      .sort();
    expect(journal.entries.map((entry) => entry.tag)).toEqual(files);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(files.map((_, i) => i));
  });
});
