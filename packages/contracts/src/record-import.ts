import { z } from 'zod';
import { envelope, fieldErrorSchema } from './envelope.ts';

// CSV import of records into an app (issue 6): the file streams in, each row is checked like a save,
// good rows are written in batches, rejected rows are reported with their line and problems.

export const RECORD_IMPORT_PATHS = {
  /** POST multipart: `mapping` (JSON {csvColumn: fieldName}) then `file`; query moduleId. */
  start: '/api/EntryModule/import',
  status: '/api/EntryModule/import/:importId',
} as const;
export const importStatusPath = (importId: string) =>
  `/api/EntryModule/import/${encodeURIComponent(importId)}`;

export const RECORD_IMPORT_MESSAGES = {
  noFile: 'Choose a CSV file to import.',
  badMapping: 'Map at least one column to a field.',
  unknownField: 'The app has no field named {field}.',
  unknownColumn: 'The file has no column named {column}.',
  notCsv: 'The file is not a CSV file.',
  importNotFound: 'This import does not exist.',
  failed: 'The import stopped: {reason}',
  tooLarge: 'The file is too large to import (at most {mb} MB).',
  notImportable: 'The field {field} cannot be filled from a CSV file.',
  duplicateField: 'The field {field} is mapped from more than one column.',
  unreadable: 'The file could not be read at line {line}.',
  stopped: 'The server stopped before the import finished.',
  unexpected: 'Something went wrong on the server.',
} as const;

/** The largest CSV file an import accepts. */
export const IMPORT_MAX_BYTES = 1024 * 1024 * 1024;

/** The import messages with their placeholders filled in (the web app translates by key). */
export const importMessage = {
  unknownField: (field: string) => RECORD_IMPORT_MESSAGES.unknownField.replace('{field}', field),
  unknownColumn: (column: string) => RECORD_IMPORT_MESSAGES.unknownColumn.replace('{column}', column),
  notImportable: (field: string) => RECORD_IMPORT_MESSAGES.notImportable.replace('{field}', field),
  duplicateField: (field: string) => RECORD_IMPORT_MESSAGES.duplicateField.replace('{field}', field),
  tooLarge: () => RECORD_IMPORT_MESSAGES.tooLarge.replace('{mb}', String(IMPORT_MAX_BYTES / 1024 / 1024)),
  unreadable: (line: number) => RECORD_IMPORT_MESSAGES.unreadable.replace('{line}', String(line)),
  failed: (reason: string) => RECORD_IMPORT_MESSAGES.failed.replace('{reason}', reason),
};

/** Rejected rows kept for the report (the count goes on). */
export const IMPORT_REJECTED_KEPT = 1000;

export const importStartQuerySchema = z.object({ moduleId: z.string().trim().min(1).max(64) });
export const importMappingSchema = z.record(z.string().max(200), z.string().max(200));
export const importStartResponseSchema = envelope(z.object({ importId: z.string() }));

export const rejectedRowSchema = z.object({ line: z.number().int(), errors: z.array(fieldErrorSchema) });
export const importStatusSchema = z.object({
  id: z.string(),
  module_id: z.string(),
  file_name: z.string(),
  status: z.enum(['running', 'completed', 'failed']),
  processedRows: z.number().int(),
  importedRows: z.number().int(),
  rejectedRows: z.number().int(),
  rejected: z.array(rejectedRowSchema),
  error: z.string().nullable(),
  created_on: z.string(),
  finished_on: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;
export const importStatusResponseSchema = envelope(importStatusSchema);
