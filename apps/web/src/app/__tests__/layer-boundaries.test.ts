// The web app's layers are a lint rule (apps/web/eslint.boundaries.js): this lints synthetic files
// with the repository's own ESLint configuration and checks that a forbidden import is reported
// and an allowed one is not.
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A string, not new URL(): jsdom's URL is not the one node:url accepts.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..') + path.sep;
const eslint = new ESLint({ cwd: repoRoot });
const RULE = 'import-x/no-restricted-paths';

/** The boundary reports of `code` as if it were the file at `filePath` (relative to apps/web/src). */
async function boundaryReports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/web/src/${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((m) => m.message);
}

describe('web layer boundaries (lint)', () => {
  it("refuses a feature importing another feature's internals", async () => {
    const reports = await boundaryReports(
      'features/teams/probe.ts',
      "export { recordKeys } from '../records/api.ts';\n",
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain('features/teams may use another feature only through its index.ts');
  }, 60_000);

  it("accepts a feature importing another feature's index.ts or components.ts, and its own files", async () => {
    const reports = await boundaryReports(
      'features/teams/probe.ts',
      [
        "export { recordKeys } from '../records/index.ts';",
        "export { EntryEditor } from '../item-editor/components.ts';",
        "export { useTeamTable } from './api.ts';",
        "export { http } from '../../shared/api/http.ts';",
        '',
      ].join('\n'),
    );
    expect(reports).toEqual([]);
  }, 60_000);

  it('refuses shared/ importing a feature or app/', async () => {
    const reports = await boundaryReports(
      'shared/ui/probe.ts',
      [
        "export { recordKeys } from '../../features/records/index.ts';",
        "export { i18n } from '../../app/i18n.ts';",
        '',
      ].join('\n'),
    );
    expect(reports).toHaveLength(2);
    expect(reports.every((message) => message.includes('shared/ is generic'))).toBe(true);
  }, 60_000);

  it('refuses a feature importing app/', async () => {
    const reports = await boundaryReports(
      'features/teams/probe.ts',
      "export { createQueryClient } from '../../app/query-client.ts';\n",
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain('Features never import app/');
  }, 60_000);
});
