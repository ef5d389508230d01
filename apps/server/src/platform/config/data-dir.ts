import { existsSync, readFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root: the nearest folder above `from` whose package.json declares workspaces.
 * `npm start` runs the server inside its workspace (apps/server), so a relative default would land
 * there; the README promises `./data` at the root, wherever the command was typed.
 */
export function repositoryRoot(from = path.dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && declaresWorkspaces(manifest)) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function declaresWorkspaces(manifest: string): boolean {
  try {
    return Array.isArray((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces);
  } catch {
    return false;
  }
}

/** DATA_DIR as given (relative to the working folder), else the repository root's `data`. */
export function resolveDataDir(given: string | undefined, root = repositoryRoot()): string {
  if (given) return path.resolve(given);
  return path.join(root ?? process.cwd(), 'data');
}

/**
 * Earlier versions put the default data folder inside apps/server (where npm start runs). When the
 * default is in use and only that old folder exists, it is moved to the root once (one rename, before
 * the embedded PostgreSQL starts), so an upgrade keeps its database, keys and files.
 */
export async function adoptEarlierDataDir(
  given: string | undefined,
  dataDir: string,
  root = repositoryRoot(),
): Promise<string | undefined> {
  if (given || !root) return undefined;
  const earlier = path.join(root, 'apps', 'server', 'data');
  if (earlier === dataDir || !existsSync(earlier) || existsSync(dataDir)) return undefined;
  await rename(earlier, dataDir);
  return earlier;
}
