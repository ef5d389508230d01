import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./require-chromium.mjs', import.meta.url));
const run = (browser: string) =>
  spawnSync(process.execPath, [script], {
    env: { ...process.env, CHROMIUM_PATH: browser },
    encoding: 'utf8',
  });

describe('the e2e stage without Chromium', () => {
  it('stops at once with one line naming the package to install', () => {
    const result = run('/nonexistent/chromium');
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('apt-get install -y chromium');
  });

  it('goes on when the browser is there', () => {
    expect(run(process.execPath).status).toBe(0);
  });
});
