import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from '../../platform/config/config.ts';
import { filesDirOf } from '../../platform/files/file-storage.ts';
import { createLocalFileStorage } from '../../platform/files/local-file-storage.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { filesRoutes } from './files.routes.ts';
import { createFilesService } from './files.service.ts';

export interface FilesModuleDeps extends ModuleDeps {
  config: Config;
  /** Owner pool: DDL the app role may not run (list indexes); never used to serve data. */
  owner: pg.Pool;
}

/** Where this server keeps the bytes of uploaded files (the routes and the orphan sweep share it). */
export const createFileStorage = (config: Pick<Config, 'FILES_DIR' | 'dataDir'>) =>
  createLocalFileStorage(filesDirOf(config));

/** File storage: Upload, UploadBase64, GetFile, RemoveFileByKey, FileInfo. */
export async function registerFilesModule(app: FastifyInstance, deps: FilesModuleDeps): Promise<void> {
  const storage = createFileStorage(deps.config);
  await storage.sweepTemp();
  const service = createFilesService({
    db: deps.db,
    storage,
    maxMb: deps.config.FILE_MAX_MB,
    spoolDir: storage.tempDir,
    log: app.log,
  });
  await app.register(filesRoutes({ service, guard: deps.guard, maxMb: deps.config.FILE_MAX_MB }));
}
