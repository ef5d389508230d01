// Pure helpers of the formula input: what the caret is in the middle of typing (a field reference
// after '{', or a function name), the suggestions for it, inserting one, and the text split into
// plain and highlighted pieces for the diagnostics overlay.
import type { FieldValueType } from '@formloop/domain';

export type SuggestionKind = 'field' | 'function';

export interface Suggestion {
  kind: SuggestionKind;
  /** Field name ('table.column' for a table column) or function name. */
  name: string;
  /** Field: its value type; function: its signature, e.g. 'ROUND(number, digits)'. */
  detail: string;
}

export interface Typing {
  kind: SuggestionKind;
  /** Where the replaced text starts (the '{' for a field, the first letter for a function). */
  from: number;
  /** What is typed so far, without the '{'. */
  prefix: string;
}

const MAX_SUGGESTIONS = 50;

/** Whether the caret sits inside a "text literal" (an odd number of quotes before it). */
function insideString(source: string, caret: number): boolean {
  let inside = false;
  for (let i = 0; i < caret; i += 1) if (source[i] === '"') inside = !inside;
  return inside;
}

/** What is being typed at the caret, or null when nothing can be completed there. */
export function typingAt(source: string, caret: number): Typing | null {
  const before = source.slice(0, caret);
  if (insideString(source, caret)) return null;
  const field = /\{([\w.]*)$/.exec(before);
  if (field) return { kind: 'field', from: caret - field[0].length, prefix: field[1] ?? '' };
  const word = /[A-Za-z_][A-Za-z0-9_]*$/.exec(before);
  if (!word) return null;
  const from = caret - word[0].length;
  // Not after a digit (1E5) or a '.'; a letter run inside a number or reference is no function.
  if (from > 0 && /[\w.}]/.test(source[from - 1] ?? '')) return null;
  return { kind: 'function', from, prefix: word[0] };
}

export interface FunctionInfo {
  name: string;
  signature: { params: readonly { name: string }[] };
}

export const functionSignature = (fn: FunctionInfo): string =>
  `${fn.name}(${fn.signature.params.map((param) => param.name).join(', ')})`;

/** Suggestions for what is typed: names starting with the prefix first, then names containing it. */
export function suggestionsFor(
  typing: Typing,
  fields: Readonly<Record<string, FieldValueType>>,
  functions: readonly FunctionInfo[],
): Suggestion[] {
  const needle = typing.prefix.toLowerCase();
  const all: Suggestion[] =
    typing.kind === 'field'
      ? Object.entries(fields).map(([name, type]) => ({ kind: 'field', name, detail: type }))
      : functions.map((fn) => ({ kind: 'function', name: fn.name, detail: functionSignature(fn) }));
  const starts = all.filter((item) => item.name.toLowerCase().startsWith(needle));
  const contains =
    typing.kind === 'field' && needle !== ''
      ? all.filter(
          (item) => !item.name.toLowerCase().startsWith(needle) && item.name.toLowerCase().includes(needle),
        )
      : [];
  const found = [...starts, ...contains];
  // A function name typed in full is no longer a question.
  if (typing.kind === 'function' && found.length === 1 && found[0]?.name.toLowerCase() === needle) return [];
  return found.slice(0, MAX_SUGGESTIONS);
}

/** The source with a suggestion put in place of what was typed, and where the caret goes. */
export function applySuggestion(
  source: string,
  caret: number,
  typing: Typing,
  suggestion: Suggestion,
): { value: string; caret: number } {
  let end = caret;
  if (suggestion.kind === 'field') {
    // Swallow the rest of the name and a closing brace already there, so '{am|t}' does not become '{amount}t}'.
    while (end < source.length && /[\w.]/.test(source[end] ?? '')) end += 1;
    if (source[end] === '}') end += 1;
  } else {
    while (end < source.length && /\w/.test(source[end] ?? '')) end += 1;
  }
  const hasParen = suggestion.kind === 'function' && source[end] === '(';
  const insert =
    suggestion.kind === 'field' ? `{${suggestion.name}}` : `${suggestion.name}${hasParen ? '' : '('}`;
  const value = source.slice(0, typing.from) + insert + source.slice(end);
  return { value, caret: typing.from + insert.length + (hasParen ? 1 : 0) };
}

/** Inserts a function call at the caret (the function reference's buttons). */
export function insertFunction(source: string, start: number, end: number, name: string) {
  const insert = `${name}(`;
  return { value: source.slice(0, start) + insert + source.slice(end), caret: start + insert.length };
}

export interface Piece {
  text: string;
  marked: boolean;
}

/**
 * The source cut into plain and marked pieces by the diagnostics' spans (merged where they
 * overlap). An empty span marks the character at its place, or a blank after the end of the text.
 */
export function highlightPieces(source: string, spans: readonly { start: number; end: number }[]): Piece[] {
  const ranges = spans
    .map(({ start, end }) => {
      const from = Math.max(0, Math.min(start, source.length));
      const to = Math.max(from + 1, Math.min(end, source.length + 1));
      return [from, to] as const;
    })
    .sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [from, to] of ranges) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  const pieces: Piece[] = [];
  let at = 0;
  for (const [from, to] of merged) {
    if (from > at) pieces.push({ text: source.slice(at, from), marked: false });
    const text = source.slice(from, Math.min(to, source.length));
    // Past the end there is no character to mark: a no-break space stands in for it.
    pieces.push({ text: to > source.length ? `${text}\u00a0` : text, marked: true });
    at = Math.min(to, source.length);
  }
  if (at < source.length) pieces.push({ text: source.slice(at), marked: false });
  return pieces;
}
