import { z } from 'zod';
import { formatMessage } from '@formloop/domain';
import { envelope } from './envelope.ts';

// File storage (spec §3 uploaded file, §7 File storage: GetFile?key&x-token, Upload, UploadBase64,
// RemoveFileByKey; §2 /permalink/file). The spec hides the storage's path segment; ours is FileStorage.
// Local disk by default behind a storage interface; the content type is sniffed from the bytes.

export const FILES_PATHS = {
  upload: '/api/form/FileStorage/Upload',
  uploadBase64: '/api/form/FileStorage/UploadBase64',
  getFile: '/api/form/FileStorage/GetFile',
  removeFileByKey: '/api/form/FileStorage/RemoveFileByKey',
  /** Ours: name, type and size of a stored file (the /permalink/file page). */
  fileInfo: '/api/form/FileStorage/FileInfo',
} as const;

/** Texts the spec does not quote; the web app translates them by key (files:errors.<key>). */
export const FILES_MESSAGES = {
  noFile: 'Choose a file to upload.',
  tooLarge: 'The file is larger than the {maxMb} MB allowed.',
  typeNotAllowed: 'Files of this type are not allowed.',
  typeMismatch: 'The file content does not match its name.',
  badBase64: 'The file content is not valid base64.',
  notFound: 'This file does not exist.',
  tooManyFiles: 'At most {max} files can be uploaded at once.',
  notAllowedRemove: 'You may not remove this file.',
  notAllowedUpload: 'You may not add files to entries of this app.',
} as const;
export type FilesMessageKey = keyof typeof FILES_MESSAGES;

/** Server defaults (FILE_MAX_MB overrides the size). */
export const FILE_DEFAULT_MAX_MB = 25;
export const FILE_MAX_FILES_PER_UPLOAD = 20;

/** FILES_MESSAGES with their placeholders filled, as the server answers them. */
export const filesMessage = {
  tooLarge: (maxMb: number) => formatMessage(FILES_MESSAGES.tooLarge, { maxMb }),
  tooManyFiles: () => formatMessage(FILES_MESSAGES.tooManyFiles, { max: FILE_MAX_FILES_PER_UPLOAD }),
};

/**
 * What may be uploaded (the server decides from the bytes, never from the client's type): images
 * (png, jpeg, gif, webp, bmp, tiff), pdf, Office documents (docx, xlsx, pptx, doc, xls, ppt), zip,
 * and UTF-8 text (txt, csv, json). For an <input accept>.
 */
export const FILE_ACCEPT =
  '.png,.jpg,.jpeg,.gif,.webp,.bmp,.tif,.tiff,.pdf,.docx,.xlsx,.pptx,.doc,.xls,.ppt,.zip,.txt,.csv,.json';

/** Spec §3 uploaded file: uid, url, name, status (done), fileKey. */
export const uploadedFileSchema = z.object({
  uid: z.string(),
  url: z.string(),
  name: z.string(),
  status: z.literal('done'),
  fileKey: z.string(),
  /** Ours: what the bytes are and how many there are. */
  type: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export const uploadResponseSchema = envelope(z.array(uploadedFileSchema));

/** Upload (multipart): one or more `file` parts; optional fields moduleId and fieldName. */
export const uploadQuerySchema = z.object({
  moduleId: z.string().max(64).optional(),
  fieldName: z.string().max(200).optional(),
});

export const uploadBase64BodySchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  /** Base64 text, or a data URL (data:image/png;base64,...) as a canvas gives it. */
  base64: z.string().min(1),
  moduleId: z.string().max(64).optional(),
  fieldName: z.string().max(200).optional(),
});
export const uploadBase64ResponseSchema = envelope(uploadedFileSchema);

export const getFileQuerySchema = z.object({
  key: z.string().trim().min(1).max(200),
  /** The access token, for <img src> and links that cannot send a header. */
  'x-token': z.string().max(4000).optional(),
  /** Ours: 1 to send the file as an attachment (download) instead of inline. */
  download: z.enum(['0', '1']).optional(),
});
export const removeFileBodySchema = z.object({ key: z.string().trim().min(1).max(200) });
export const fileInfoResponseSchema = envelope(
  z.object({
    fileKey: z.string(),
    name: z.string(),
    type: z.string(),
    size: z.number().int(),
    created_on: z.string(),
  }),
);

/** The URL of a stored file's bytes (the web app adds x-token for <img> and links). */
export const fileUrl = (key: string) => `${FILES_PATHS.getFile}?key=${encodeURIComponent(key)}`;
