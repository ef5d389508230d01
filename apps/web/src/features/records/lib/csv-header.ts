// The import dialog reads only the first row of the chosen CSV in the browser, to let people map its
// columns to fields before the whole file streams to the server.
import type { PayloadField } from '@formloop/domain';
import { fieldLabel } from './list-columns.ts';

/** Enough bytes for any sensible header row; the rest of the file stays unread here. */
const HEADER_BYTES = 64 * 1024;

/**
 * The cells of the first record of CSV text (RFC 4180: quoted cells may hold commas, doubled quotes
 * and line breaks). A semicolon-separated file, as spreadsheets in comma-decimal locales write it,
 * is recognised by its first line.
 */
export function parseHeaderRow(csv: string): string[] {
  const source = csv.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell.trim());
      cell = '';
    } else if (char === '\n' || char === '\r') break;
    else cell += char;
  }
  cells.push(cell.trim());
  return cells.length === 1 && cells[0] === '' ? [] : cells;
}

export interface CsvPreview {
  columns: string[];
  /** Data rows the file probably holds (from the first bytes' line length): a progress bar's 100%. */
  estimatedRows: number;
}

/** The header row and a row estimate, from the first 64 KB only (files may hold a million rows). */
export async function readCsvPreview(file: Blob): Promise<CsvPreview> {
  const sample = await file.slice(0, HEADER_BYTES).text();
  const lines = sample.split('\n').filter((line) => line.trim() !== '').length;
  const whole = file.size <= HEADER_BYTES;
  const estimate = whole || lines === 0 ? lines : Math.round((file.size / HEADER_BYTES) * lines);
  return { columns: parseHeaderRow(sample), estimatedRows: Math.max(0, estimate - 1) };
}

const normalise = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Each CSV column mapped to the field whose name or label it matches, or '' (ignored). */
export function autoMap(columns: readonly string[], fields: readonly PayloadField[]): Record<string, string> {
  const byName = new Map<string, string>();
  for (const field of fields) {
    for (const key of [field.name, fieldLabel(field)]) {
      const normal = normalise(key);
      if (normal && !byName.has(normal)) byName.set(normal, field.name);
    }
  }
  const used = new Set<string>();
  const mapping: Record<string, string> = {};
  for (const column of columns) {
    const match = byName.get(normalise(column));
    mapping[column] = match && !used.has(match) ? match : '';
    if (match) used.add(match);
  }
  return mapping;
}
