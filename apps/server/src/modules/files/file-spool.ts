import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { createTextCheck, type SniffSource } from './file-types.ts';

// An upload is first written to a temporary file (or held as the decoded buffer of UploadBase64),
// so its kind can be decided from the whole content before anything is stored: file-type reads
// Office documents' zip entries, and text must be valid UTF-8 to its last byte.

export interface ReceivedFile extends SniffSource {
  /** The name the client gave. */
  name: string;
  size: number;
  /** A fresh stream of the bytes. */
  open(): Readable;
  /** Drops the temporary copy (safe to call twice). */
  dispose(): Promise<void>;
}

/** Thrown when a stream goes past its limit; the caller answers 413. */
export class TooLargeError extends Error {
  constructor() {
    super('file too large');
    this.name = 'TooLargeError';
  }
}

/**
 * Writes the stream to a temporary file in `dir`, at most `maxBytes`: past that it stops reading
 * and throws TooLargeError, leaving nothing behind. `truncated` is set by @fastify/multipart when
 * its own fileSize limit cut the part short.
 */
export async function spoolStream(
  stream: Readable & { truncated?: boolean },
  dir: string,
  name: string,
  maxBytes: number,
): Promise<ReceivedFile> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.upload`);
  const text = createTextCheck();
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new TooLargeError());
      text.push(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    if (stream.truncated) throw new TooLargeError();
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  const isText = text.done();
  return {
    name,
    size,
    sniff: () => fileTypeFromFile(file),
    isText: async () => isText,
    open: () => createReadStream(file),
    dispose: () => rm(file, { force: true }),
  };
}

/** The decoded bytes of UploadBase64. */
export function bufferFile(bytes: Buffer, name: string): ReceivedFile {
  return {
    name,
    size: bytes.length,
    sniff: () => fileTypeFromBuffer(bytes),
    isText: async () => {
      const check = createTextCheck();
      check.push(bytes);
      return check.done();
    },
    open: () => Readable.from([bytes]),
    dispose: async () => {},
  };
}

const DATA_URL = /^data:([^,]*?),/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * Base64 text or a data URL (as a signature canvas gives it: data:image/png;base64,…) → bytes, or
 * null when it is not base64. The data URL's media type is ignored: the bytes are sniffed.
 */
export function decodeBase64(input: string): Buffer | null {
  let text = input.trim();
  const dataUrl = DATA_URL.exec(text);
  if (dataUrl) {
    if (!/;base64$/i.test(dataUrl[1]!)) return null;
    text = text.slice(dataUrl[0].length);
  }
  text = text.replace(/\s+/g, '');
  if (!BASE64.test(text) || text.length % 4 === 1) return null;
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** The decoded size of base64 text, known before decoding it (to refuse a huge one early). */
export const decodedSizeOf = (input: string): number => Math.floor((input.length * 3) / 4);
