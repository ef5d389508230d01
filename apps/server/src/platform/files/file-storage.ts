import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config/config.ts';

/**
 * Where the bytes of uploaded files live (stored_files says whose they are and what they are).
 *
 * One node: LocalFileStorage keeps them on local disk under FILES_DIR (default DATA_DIR/files).
 * Several web nodes behind a load balancer must share the bytes: implement this interface over an
 * S3-compatible object store (AWS S3, MinIO, Ceph, R2…) with the object name `${tenantId}/${key}`
 * — put = PutObject (multipart upload for large streams, which is atomic by nature), open =
 * GetObject body, remove = DeleteObject, exists = HeadObject — and record its `kind` in
 * stored_files.storage, so rows written before a switch keep naming where their bytes are.
 */
export interface FileStorage {
  /** What stored_files.storage records for files put here. */
  readonly kind: string;
  /**
   * Stores the bytes under the key, all or nothing: a reader never sees half a file, and a failed
   * write leaves nothing behind. Answers the number of bytes stored.
   */
  put(tenantId: string, key: string, source: Readable | Buffer): Promise<number>;
  /** A stream of the bytes, or null when there is no such file. */
  open(tenantId: string, key: string): Promise<Readable | null>;
  /** Removes the file; removing a missing file is not an error. */
  remove(tenantId: string, key: string): Promise<void>;
  exists(tenantId: string, key: string): Promise<boolean>;
}

// Keys are chosen by the server (a random UUID and a safe extension), but they come back from the
// client on every read: anything else, path separators and '..' included, is refused outright.
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(\.[A-Za-z0-9]{1,10})?$/;
const TENANT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text can be a storage key at all (callers answer 404 for anything else). */
export const isStorageKey = (key: string): boolean => KEY.test(key);

export function assertStorageName(tenantId: string, key: string): void {
  if (!TENANT.test(tenantId)) throw new Error('file storage: the tenant id is not a UUID');
  if (!isStorageKey(key)) throw new Error('file storage: malformed key');
}

/** FILES_DIR, or DATA_DIR/files. */
export const filesDirOf = (config: Pick<Config, 'FILES_DIR' | 'dataDir'>): string =>
  config.FILES_DIR ? path.resolve(config.FILES_DIR) : path.join(config.dataDir, 'files');
