import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint configuration, run on code placed (without writing it) at paths inside
// apps/server/src: a module reaches another only through its index.ts, platform/ never imports a
// module, and module imports form no cycle.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: path.join(repoRoot, 'eslint.config.js') });

async function ruleIdsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('server module boundaries (eslint.config.js)', () => {
  it('refuses a cross-module import of a repository', async () => {
    const code = "import { findTeam } from '../teams/teams.repository.ts';\nexport const team = findTeam;\n";
    expect(await ruleIdsFor('apps/server/src/modules/tasks/team-probe.ts', code)).toEqual([
      'no-restricted-imports',
    ]);
  }, 120_000);

  it('refuses another module internals from a nested file and from app.ts', async () => {
    const nested =
      "import { recordOfApp } from '../../records/record-views.ts';\nexport const f = recordOfApp;\n";
    expect(await ruleIdsFor('apps/server/src/modules/record-lists/record-query/probe.ts', nested)).toEqual([
      'no-restricted-imports',
    ]);
    const app =
      "import { createTeamService } from './modules/teams/teams.service.ts';\nexport const f = createTeamService;\n";
    expect(await ruleIdsFor('apps/server/src/app-probe.ts', app)).toEqual(['no-restricted-imports']);
  }, 120_000);

  it('accepts the public surface, own files, platform and other modules test fixtures', async () => {
    const code = [
      "import { findTeam } from '../teams/index.ts';",
      "import * as repo from './tasks.repository.ts';",
      "import { isUuid } from '../../platform/database/uuid.ts';",
      'export const all = [findTeam, repo, isUuid];',
      '',
    ].join('\n');
    expect(await ruleIdsFor('apps/server/src/modules/tasks/surface-probe.ts', code)).toEqual([]);
    const test =
      "import { arrangePeople } from '../../apps/__tests__/app-fixtures.ts';\nexport const f = arrangePeople;\n";
    expect(await ruleIdsFor('apps/server/src/modules/tasks/__tests__/probe.ts', test)).toEqual([]);
  }, 120_000);

  it('keeps platform below the modules', async () => {
    const code = "import { findTeam } from '../../modules/teams/index.ts';\nexport const f = findTeam;\n";
    expect(await ruleIdsFor('apps/server/src/platform/http/probe.ts', code)).toEqual([
      'no-restricted-imports',
    ]);
  }, 120_000);

  it('refuses a module cycle', async () => {
    // apps already depends on access: access importing apps back closes a cycle.
    const real = 'apps/server/src/modules/access/access.repository.ts';
    const code = "import { findApp } from '../apps/index.ts';\nexport const f = findApp;\n";
    expect(await ruleIdsFor(real, code)).toContain('import-x/no-cycle');
  }, 120_000);
});
