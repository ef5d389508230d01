// Turns source text into tokens. Hand-written character scanning (no backtracking regexes) keeps
// it linear on any input; the first problem stops lexing with a positioned diagnostic.
import { ParseFailure, diagnostic } from './errors.ts';

export type TokenKind = 'number' | 'string' | 'field' | 'name' | 'operator' | '(' | ')' | ',' | 'end';

export interface Token {
  kind: TokenKind;
  /** The source text of the token (for strings: the decoded value; for names: as written). */
  text: string;
  start: number;
  end: number;
  value?: number;
  /** For field tokens: the field or table name and, for a table column, the column. */
  field?: { name: string; column: string | null };
}

const TWO_CHAR_OPERATORS = new Set(['<>', '<=', '>=']);
const ONE_CHAR_OPERATORS = new Set(['+', '-', '*', '/', '^', '%', '&', '=', '<', '>']);

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isNameStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_');
const isNamePart = (c: string | undefined): boolean => isNameStart(c) || isDigit(c);
// Includes the no-break space that pasted text often carries.
const isSpace = (c: string | undefined): boolean =>
  c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0';

function fail(
  code: 'syntax' | 'unexpectedEnd' | 'unterminatedString' | 'invalidValue',
  text: string,
  start: number,
  end: number,
  params: Record<string, string | number> = {},
): never {
  throw new ParseFailure(diagnostic(code, text, { start, end }, params));
}

function describeChar(c: string): string {
  return c === '"' ? "'\"'" : `'${c}'`;
}

class Lexer {
  private pos = 0;
  readonly tokens: Token[] = [];

  constructor(private readonly source: string) {}

  run(): Token[] {
    const src = this.source;
    // A leading '=' is how spreadsheets start formulas; people paste it, so it is skipped.
    this.skipSpace();
    if (src[this.pos] === '=') this.pos += 1;
    for (;;) {
      this.skipSpace();
      if (this.pos >= src.length) break;
      this.next();
    }
    this.tokens.push({ kind: 'end', text: '', start: src.length, end: src.length });
    return this.tokens;
  }

  private skipSpace(): void {
    while (isSpace(this.source[this.pos])) this.pos += 1;
  }

  private push(kind: TokenKind, text: string, start: number, extra: Partial<Token> = {}): void {
    this.tokens.push({ kind, text, start, end: this.pos, ...extra });
  }

  private next(): void {
    const src = this.source;
    const start = this.pos;
    const c = src[start] as string;
    if (isDigit(c) || (c === '.' && isDigit(src[start + 1]))) return this.number();
    if (c === '"') return this.string();
    if (c === '{') return this.field();
    if (isNameStart(c)) {
      // Dots belong to function names such as NETWORKDAYS.INTL.
      while (isNamePart(src[this.pos]) || src[this.pos] === '.') this.pos += 1;
      return this.push('name', src.slice(start, this.pos), start);
    }
    const two = src.slice(start, start + 2);
    if (TWO_CHAR_OPERATORS.has(two)) {
      this.pos += 2;
      return this.push('operator', two, start);
    }
    this.pos += 1;
    if (ONE_CHAR_OPERATORS.has(c)) return this.push('operator', c, start);
    if (c === '(' || c === ')' || c === ',') return this.push(c, c, start);
    const shown = String.fromCodePoint(src.codePointAt(start) ?? 0);
    fail('syntax', `Unexpected character ${describeChar(shown)}`, start, start + shown.length, {
      character: shown,
    });
  }

  private number(): void {
    const src = this.source;
    const start = this.pos;
    while (isDigit(src[this.pos])) this.pos += 1;
    if (src[this.pos] === '.') {
      this.pos += 1;
      while (isDigit(src[this.pos])) this.pos += 1;
    }
    if (src[this.pos] === 'e' || src[this.pos] === 'E') {
      let p = this.pos + 1;
      if (src[p] === '+' || src[p] === '-') p += 1;
      if (!isDigit(src[p])) {
        const end = Math.min(p + 1, src.length);
        fail('syntax', `Invalid number '${src.slice(start, end)}': the exponent has no digits`, start, end, {
          text: src.slice(start, end),
        });
      }
      while (isDigit(src[p])) p += 1;
      this.pos = p;
    }
    const text = src.slice(start, this.pos);
    const value = Number(text);
    if (!Number.isFinite(value)) {
      fail('invalidValue', `Number ${text} is too large`, start, this.pos, { text });
    }
    this.push('number', text, start, { value });
  }

  private string(): void {
    const src = this.source;
    const start = this.pos;
    let value = '';
    let p = start + 1;
    for (;;) {
      const q = src.indexOf('"', p);
      if (q < 0) {
        fail('unterminatedString', 'Text starting here is missing its closing "', start, src.length);
      }
      value += src.slice(p, q);
      // "" inside a string is one literal quote, as in spreadsheets.
      if (src[q + 1] === '"') {
        value += '"';
        p = q + 2;
        continue;
      }
      this.pos = q + 1;
      return this.push('string', value, start);
    }
  }

  private field(): void {
    const src = this.source;
    const start = this.pos;
    this.pos += 1;
    const name = this.identifier(start);
    let column: string | null = null;
    this.skipSpace();
    if (src[this.pos] === '.') {
      this.pos += 1;
      column = this.identifier(start);
      this.skipSpace();
    }
    if (this.pos >= src.length) {
      fail('unexpectedEnd', `Field reference starting here is missing its closing }`, start, src.length);
    }
    if (src[this.pos] !== '}') {
      fail(
        'syntax',
        `Invalid field reference: expected } but found '${src[this.pos]}'`,
        this.pos,
        this.pos + 1,
      );
    }
    this.pos += 1;
    this.push('field', src.slice(start, this.pos), start, { field: { name, column } });
  }

  private identifier(refStart: number): string {
    const src = this.source;
    this.skipSpace();
    if (this.pos >= src.length) {
      fail('unexpectedEnd', `Field reference starting here is missing its closing }`, refStart, src.length);
    }
    const begin = this.pos;
    if (!isNameStart(src[begin])) {
      const found = src[begin] as string;
      fail(
        'syntax',
        `Invalid field reference: a field name starts with a letter or _, not '${found}'`,
        begin,
        begin + 1,
      );
    }
    while (isNamePart(src[this.pos])) this.pos += 1;
    return src.slice(begin, this.pos);
  }
}

/** Tokens of the source, ending with an 'end' token. Throws ParseFailure (internal) on bad input. */
export function tokenize(source: string): Token[] {
  return new Lexer(source).run();
}

/** The tokens lexed before the first problem: enough to list references of a broken formula. */
export function tokenizeLeniently(source: string): Token[] {
  const lexer = new Lexer(source);
  try {
    return lexer.run();
  } catch {
    return lexer.tokens;
  }
}
