import { FILES_PATHS } from '@formloop/contracts';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error.ts';
import { http } from '../../shared/api/http.ts';

/** FileInfo's answer (fileInfoResponseSchema). */
export interface FileInfo {
  fileKey: string;
  name: string;
  type: string;
  size: number;
  created_on: string;
}

export const filesKeys = {
  all: ['files'] as const,
  info: (key: string) => [...filesKeys.all, 'info', key] as const,
};

export const fetchFileInfo = async (key: string) =>
  (await http.get<FileInfo>(FILES_PATHS.fileInfo, { query: { key } })).data;

/** Name, type and size of a stored file (FileInfo), for /permalink/file. A 404 is an answer, not retried. */
export function useFileInfo(key: string) {
  return useQuery({
    queryKey: filesKeys.info(key),
    queryFn: () => fetchFileInfo(key),
    enabled: key !== '',
    retry: (count, error) => !(isApiError(error) && error.status < 500 && error.status > 0) && count < 2,
    // The page shows its own not-found and load-failed states.
    meta: { errorToast: false },
  });
}
