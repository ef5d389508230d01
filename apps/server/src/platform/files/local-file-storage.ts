import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageName, type FileStorage } from './file-storage.ts';

/** Temporary files older than this are left-overs of a crash; the next start sweeps them away. */
const STALE_TEMP_MS = 60 * 60 * 1000;
export const TEMP_DIR_NAME = '.tmp';

/**
 * Files on local disk: FILES_DIR/{tenantId}/{first two characters of the key}/{key}. The shard
 * folder keeps directories small (keys start with random hex). A write goes to FILES_DIR/.tmp
 * first, is flushed, then renamed into place: rename within one file system is atomic, so a
 * reader sees the whole file or none, and a failed or interrupted write leaves only a temp file.
 */
export function createLocalFileStorage(root: string): FileStorage & {
  /** The folder for temporary files (same file system as the files, so rename works). */
  tempDir: string;
  /** Removes temporary files a crash left behind. */
  sweepTemp(): Promise<void>;
} {
  const tempDir = path.join(root, TEMP_DIR_NAME);
  const fileOf = (tenantId: string, key: string) => {
    assertStorageName(tenantId, key);
    return path.join(root, tenantId.toLowerCase(), key.slice(0, 2).toLowerCase(), key);
  };

  return {
    kind: 'local',
    tempDir,

    async put(tenantId, key, source) {
      const target = fileOf(tenantId, key);
      await mkdir(tempDir, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(tempDir, `${randomUUID()}.part`);
      try {
        const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
        await pipeline(input, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
        const handle = await open(temp, 'r+');
        let size: number;
        try {
          await handle.sync();
          size = (await handle.stat()).size;
        } finally {
          await handle.close();
        }
        await rename(temp, target);
        return size;
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async open(tenantId, key) {
      const file = fileOf(tenantId, key);
      try {
        const handle = await open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async remove(tenantId, key) {
      try {
        await unlink(fileOf(tenantId, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },

    async exists(tenantId, key) {
      try {
        return (await stat(fileOf(tenantId, key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },

    async sweepTemp() {
      let names: string[];
      try {
        names = await readdir(tempDir);
      } catch {
        return;
      }
      const now = Date.now();
      for (const name of names) {
        const file = path.join(tempDir, name);
        const info = await stat(file).catch(() => null);
        if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(file, { force: true });
      }
    },
  };
}
