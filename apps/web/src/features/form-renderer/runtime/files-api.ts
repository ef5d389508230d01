import { FILES_PATHS, type UploadedFile } from '@formloop/contracts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { http } from '../../../shared/api/http.ts';

// The file calls of a running app (spec §7 File storage). The form editor's preview makes none.

/** Which app and field a file is for (the server files it under them and applies the field's rules). */
export interface FileTarget {
  moduleId?: string;
  fieldName?: string;
}

const targetQuery = (target: FileTarget) => ({
  moduleId: target.moduleId,
  fieldName: target.fieldName,
});

/**
 * Upload (multipart): the target first, then one `file` part per file, so a streaming parser
 * knows the target before the bytes. The target also goes in the query string, which the route
 * documents (uploadQuerySchema). Answers the stored files, in the order sent.
 */
export async function uploadFiles(
  files: File[],
  target: FileTarget,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedFile[]> {
  const form = new FormData();
  if (target.moduleId) form.append('moduleId', target.moduleId);
  if (target.fieldName) form.append('fieldName', target.fieldName);
  for (const file of files) form.append('file', file, file.name);
  const answer = await http.postForm<UploadedFile[]>(FILES_PATHS.upload, form, {
    query: targetQuery(target),
    signal: options.signal,
    onUploadProgress: options.onProgress,
  });
  return Array.isArray(answer.data) ? answer.data : [];
}

/** UploadBase64: a canvas's data URL (a drawn signature) stored as a PNG file. */
export async function uploadBase64(
  fileName: string,
  base64: string,
  target: FileTarget,
): Promise<UploadedFile> {
  const answer = await http.post<UploadedFile>(FILES_PATHS.uploadBase64, {
    fileName,
    base64,
    ...targetQuery(target),
  });
  return answer.data;
}

/**
 * RemoveFileByKey for a file this form uploaded and no record holds yet. The server refuses files a
 * saved record holds (they go with the record); either way the form drops it, so failures are quiet.
 */
export async function removeUnsavedFile(key: string): Promise<boolean> {
  try {
    await http.post(FILES_PATHS.removeFileByKey, { key });
    return true;
  } catch {
    return false;
  }
}

/**
 * The server's reason for refusing a file (English; FILES_MESSAGES are translated by useFilesMessage),
 * or the fallback when the call never got an answer with a message.
 */
export const failureText = (error: unknown, fallback: string): string =>
  isApiError(error) && error.message ? error.message : fallback;
