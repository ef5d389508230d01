import { msg } from '@formloop/contracts';
import type { FileTypeResult } from 'file-type';
import { badRequest } from '../../platform/http/errors.ts';

// What may be uploaded, decided from the bytes (file-type), never from the client's Content-Type
// or the data URL's prefix. The name's extension must agree with what the bytes are, so a PNG named
// report.pdf, or an executable named photo.png, is refused rather than stored under a false name.

interface BinaryKind {
  mime: string;
  /** Extensions a name may carry for this kind (the first one is used when the name has none). */
  names: readonly string[];
}

/** Binary kinds by file-type's `ext`. */
const BINARY: Readonly<Record<string, BinaryKind>> = {
  png: { mime: 'image/png', names: ['png'] },
  jpg: { mime: 'image/jpeg', names: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  gif: { mime: 'image/gif', names: ['gif'] },
  webp: { mime: 'image/webp', names: ['webp'] },
  bmp: { mime: 'image/bmp', names: ['bmp'] },
  tif: { mime: 'image/tiff', names: ['tif', 'tiff'] },
  pdf: { mime: 'application/pdf', names: ['pdf'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', names: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', names: ['xlsx'] },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    names: ['pptx'],
  },
  zip: { mime: 'application/zip', names: ['zip'] },
};

/**
 * The old Office formats are all Compound File Binary containers, as are Windows installers (.msi):
 * the bytes say "cfb", only the name tells which. So a CFB file is taken only under these names.
 */
const CFB_NAMES: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

/** Plain text kinds: bytes that are valid UTF-8 without NUL, recognised by the name. */
const TEXT_NAMES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
};

/** Kinds a browser may show in place (everything else is sent as an attachment). */
const INLINE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/tiff',
  'application/pdf',
]);

export const isInlineType = (mime: string): boolean => INLINE.has(mime);
export const isTextType = (mime: string): boolean => Object.values(TEXT_NAMES).includes(mime);

/** What the server decided a file is. */
export interface FileKind {
  mime: string;
  /** The extension the storage key and (when it has none) the name get. */
  ext: string;
  /** The extensions a name may carry for this kind (for the field's `accept`). */
  names: readonly string[];
}

/** The bytes, as the checks need them (a spooled temp file or a decoded buffer). */
export interface SniffSource {
  sniff(): Promise<FileTypeResult | undefined>;
  /** Valid UTF-8 throughout and no NUL byte. */
  isText(): Promise<boolean>;
}

const notAllowed = () => badRequest(msg('files.typeNotAllowed'));
const mismatch = () => badRequest(msg('files.typeMismatch'));

/** The lower-case extension of a name ('' when it has none; a leading dot is not one). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Decides what the file is, or refuses it (400 typeNotAllowed / typeMismatch). */
export async function classify(source: SniffSource, fileName: string): Promise<FileKind> {
  const nameExt = extensionOf(fileName);
  const sniffed = await source.sniff();
  if (sniffed) {
    if (sniffed.ext === 'cfb') {
      const mime = CFB_NAMES[nameExt];
      if (!mime) throw notAllowed();
      return { mime, ext: nameExt, names: [nameExt] };
    }
    const kind = BINARY[sniffed.ext];
    if (!kind) throw notAllowed();
    if (nameExt && !kind.names.includes(nameExt)) throw mismatch();
    return { mime: kind.mime, ext: nameExt || kind.names[0]!, names: kind.names };
  }
  if (!(await source.isText())) throw notAllowed();
  if (!nameExt) return { mime: TEXT_NAMES.txt!, ext: 'txt', names: ['txt'] };
  const mime = TEXT_NAMES[nameExt];
  if (mime) return { mime, ext: nameExt, names: [nameExt] };
  // Text named like one of the binary kinds contradicts its name; any other name (.html, .svg,
  // .js, .sh…) is a kind that is not allowed, whatever its bytes.
  const claimsBinary =
    Object.values(BINARY).some((kind) => kind.names.includes(nameExt)) || nameExt in CFB_NAMES;
  throw claimsBinary ? mismatch() : notAllowed();
}

/**
 * Whether the kind suits a field's `accept` setting ('.pdf,.png', 'image/*', 'application/pdf');
 * an empty setting accepts every allowed kind.
 */
export function acceptsKind(accept: string | undefined, kind: FileKind): boolean {
  const tokens = (accept ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  return tokens.some((token) => {
    if (token.startsWith('.')) return kind.names.includes(token.slice(1));
    if (token.endsWith('/*')) return kind.mime.startsWith(token.slice(0, -1));
    return token === kind.mime;
  });
}

/** Checks bytes for text: strict UTF-8 (a sequence may span chunks) and no NUL. */
export function createTextCheck() {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  return {
    push(chunk: Uint8Array) {
      if (!valid) return;
      if (chunk.includes(0)) valid = false;
      else {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          valid = false;
        }
      }
    },
    done(): boolean {
      if (!valid) return false;
      try {
        decoder.decode();
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * The name stored and shown: the last path segment, without control characters, at most 255
 * characters, with the kind's extension added when it has none.
 */
export function cleanFileName(given: string, kind?: FileKind): string {
  const base =
    given
      .split(/[\\/]/)
      .pop()!
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 200) || 'file';
  return kind && !extensionOf(base) ? `${base}.${kind.ext}` : base;
}
