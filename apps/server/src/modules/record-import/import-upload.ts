import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { parse } from 'csv-parse/sync';
import { fileTypeFromBuffer } from 'file-type';
import { msg, IMPORT_MAX_BYTES, type MessageRef, importMappingSchema } from '@formloop/contracts';
import { AppError, badField } from '../../platform/http/errors.ts';
import { refuseNul } from '../../platform/http/nul-guard.ts';

// The multipart request of an import: the `mapping` field, then the `file` part streamed to a temp
// file (never held in memory), then a look at the file's head: binary formats and files whose
// first line is not a CSV header are refused before any record is written.

export interface Upload {
  mapping: Record<string, string>;
  filePath: string;
  fileName: string;
}

const HEAD_BYTES = 64 * 1024;

const refuse = (field: string, ref: MessageRef) => badField(field, ref);

function readMapping(value: unknown): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof value === 'string' ? value : '');
  } catch {
    throw refuse('mapping', msg('recordImport.badMapping'));
  }
  refuseNul(parsed, 'mapping');
  const result = importMappingSchema.safeParse(parsed);
  if (!result.success) throw refuse('mapping', msg('recordImport.badMapping'));
  return result.data;
}

const isTooLarge = (error: unknown) =>
  (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ||
  (error as { statusCode?: number }).statusCode === 413;

/**
 * Reads the parts: `mapping` (checked by `checkMapping` as soon as it arrives, so a bad mapping is
 * refused before the file is stored) and the first `file`. Leaves no temp file behind on failure.
 */
export async function receiveUpload(
  request: FastifyRequest,
  tempDir: string,
  checkMapping: (mapping: Record<string, string>) => void,
): Promise<Upload> {
  if (!request.isMultipart()) throw refuse('file', msg('recordImport.noFile'));
  await mkdir(tempDir, { recursive: true });
  let mapping: Record<string, string> | null = null;
  let stored: { filePath: string; fileName: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'mapping' && mapping === null) {
          mapping = readMapping(part.value);
          checkMapping(mapping);
        }
        continue;
      }
      if (part.fieldname !== 'file' || stored) {
        part.file.resume();
        continue;
      }
      refuseNul(part.filename, 'file');
      const filePath = path.join(tempDir, `${randomUUID()}.csv`);
      stored = { filePath, fileName: (part.filename || 'import.csv').slice(0, 255) };
      await pipeline(part.file, createWriteStream(filePath));
      if (part.file.truncated)
        throw refuse('file', msg('recordImport.tooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 }));
    }
    if (mapping === null) throw refuse('mapping', msg('recordImport.badMapping'));
    if (!stored) throw refuse('file', msg('recordImport.noFile'));
    return { mapping, ...stored };
  } catch (error) {
    if (stored) await rm(stored.filePath, { force: true });
    if (isTooLarge(error))
      throw refuse('file', msg('recordImport.tooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 }));
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) throw refuse('file', msg('recordImport.noFile'));
    throw error;
  }
}

/** The file's first record (the header), or 400 when the file is not a CSV file. */
export async function readCsvHeader(filePath: string): Promise<string[]> {
  const handle = await open(filePath, 'r');
  let head: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    const buffer = Buffer.alloc(Math.min(HEAD_BYTES, size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const notCsv = () => refuse('file', msg('recordImport.notCsv'));
  if (head.length === 0) throw notCsv();
  // Text files have no NUL bytes; spreadsheets, archives, images and PDFs are recognised by their bytes.
  if (head.includes(0) || (await fileTypeFromBuffer(head))) throw notCsv();
  let text = head.toString('utf8');
  if (size > head.length) text = text.slice(0, Math.max(0, text.lastIndexOf('\n')));
  let header: string[] | undefined;
  try {
    header = (
      parse(text, { bom: true, to: 1, relax_column_count: true, skip_empty_lines: true }) as string[][]
    )[0];
  } catch {
    throw notCsv();
  }
  if (!header || header.every((cell) => cell.trim() === '')) throw notCsv();
  return header;
}
