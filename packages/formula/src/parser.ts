// Recursive-descent parser with Excel's operator precedence, lowest first:
//   comparison (= <> < <= > >=)  <  &  <  + -  <  * /  <  ^  <  postfix %  <  prefix - +
// Every binary level is left-associative, as in Excel: 2^3^2 is (2^3)^2 = 64, and prefix minus
// binds tighter than ^, so -2^2 is 4.
import type { BinaryOperator, FormulaNode } from './ast.ts';
import { ParseFailure, diagnostic, type FormulaDiagnostic } from './errors.ts';
import { tokenize, type Token } from './lexer.ts';
import { MAX_FORMULA_DEPTH, MAX_FORMULA_LENGTH } from './limits.ts';

const COMPARISONS = new Set(['=', '<>', '<', '<=', '>', '>=']);
const CONCAT = new Set(['&']);
const ADDITIVE = new Set(['+', '-']);
const MULTIPLICATIVE = new Set(['*', '/']);
const POWER = new Set(['^']);
const PERCENT = new Set(['%']);
const PREFIX = new Set(['-', '+']);

function describe(token: Token): string {
  switch (token.kind) {
    case 'end':
      return 'end of formula';
    case 'string':
      return 'text';
    case 'field':
      return `field ${token.text}`;
    case 'name':
      return `name ${token.text}`;
    default:
      return `'${token.text}'`;
  }
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): FormulaNode {
    if (this.peek().kind === 'end') {
      const end = this.peek().end;
      throw new ParseFailure(diagnostic('unexpectedEnd', 'The formula is empty', { start: end, end }));
    }
    const node = this.comparison();
    const rest = this.peek();
    if (rest.kind !== 'end') this.unexpected(rest);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private advance(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  private isOperator(set: ReadonlySet<string>): boolean {
    const token = this.peek();
    return token.kind === 'operator' && set.has(token.text);
  }

  private unexpected(token: Token, expected?: string): never {
    const span = { start: token.start, end: token.end };
    if (token.kind === 'end') {
      const what = expected ?? 'more';
      throw new ParseFailure(
        diagnostic('unexpectedEnd', `The formula ends too early: expected ${what}`, span, { expected: what }),
      );
    }
    let text = `Unexpected ${describe(token)}`;
    if (token.kind === 'name') text += `; a field is written {${token.text}}, a function ${token.text}(...)`;
    else if (expected) text += `: expected ${expected}`;
    throw new ParseFailure(diagnostic('syntax', text, span, { token: token.text, expected: expected ?? '' }));
  }

  // Depth counts everything that recurses (parentheses, calls, prefix operators) so a hostile
  // "((((((..." or "------...1" fails cleanly instead of overflowing the stack.
  private enter(token: Token): void {
    this.depth += 1;
    if (this.depth > MAX_FORMULA_DEPTH) {
      throw new ParseFailure(
        diagnostic(
          'tooDeep',
          `The formula nests deeper than ${MAX_FORMULA_DEPTH} levels`,
          { start: token.start, end: token.end },
          { max: MAX_FORMULA_DEPTH },
        ),
      );
    }
  }

  private binaryLevel(operators: ReadonlySet<string>, operand: () => FormulaNode): FormulaNode {
    let left = operand();
    while (this.isOperator(operators)) {
      const operator = this.advance().text as BinaryOperator;
      const right = operand();
      left = { kind: 'binary', operator, left, right, start: left.start, end: right.end };
    }
    return left;
  }

  private comparison(): FormulaNode {
    return this.binaryLevel(COMPARISONS, () => this.concatenation());
  }

  private concatenation(): FormulaNode {
    return this.binaryLevel(CONCAT, () => this.additive());
  }

  private additive(): FormulaNode {
    return this.binaryLevel(ADDITIVE, () => this.multiplicative());
  }

  private multiplicative(): FormulaNode {
    return this.binaryLevel(MULTIPLICATIVE, () => this.power());
  }

  private power(): FormulaNode {
    return this.binaryLevel(POWER, () => this.percent());
  }

  private percent(): FormulaNode {
    let node = this.prefix();
    while (this.isOperator(PERCENT)) {
      const token = this.advance();
      node = { kind: 'percent', operand: node, start: node.start, end: token.end };
    }
    return node;
  }

  private prefix(): FormulaNode {
    if (this.isOperator(PREFIX)) {
      const token = this.advance();
      this.enter(token);
      const operand = this.prefix();
      this.depth -= 1;
      const operator = token.text as '-' | '+';
      return { kind: 'unary', operator, operand, start: token.start, end: operand.end };
    }
    return this.primary();
  }

  private primary(): FormulaNode {
    const token = this.advance();
    const span = { start: token.start, end: token.end };
    switch (token.kind) {
      case 'number':
        return { kind: 'number', value: token.value as number, ...span };
      case 'string':
        return { kind: 'string', value: token.text, ...span };
      case 'field': {
        const field = token.field as { name: string; column: string | null };
        return { kind: 'field', name: field.name, column: field.column, ...span };
      }
      case '(': {
        this.enter(token);
        const inner = this.comparison();
        const close = this.expect(')', "')'");
        this.depth -= 1;
        // The parentheses belong to the span, so "(2 - 2)" is underlined whole.
        return { ...inner, start: token.start, end: close.end };
      }
      case 'name':
        return this.nameOrCall(token);
      default:
        return this.unexpected(token, 'a value');
    }
  }

  private nameOrCall(token: Token): FormulaNode {
    const upper = token.text.toUpperCase();
    if (this.peek().kind !== '(') {
      if (upper === 'TRUE' || upper === 'FALSE') {
        return { kind: 'boolean', value: upper === 'TRUE', start: token.start, end: token.end };
      }
      return this.unexpected(token);
    }
    this.enter(token);
    this.advance();
    const args: FormulaNode[] = [];
    if (this.peek().kind !== ')') {
      for (;;) {
        args.push(this.comparison());
        if (this.peek().kind !== ',') break;
        this.advance();
      }
    }
    const close = this.expect(')', "',' or ')'");
    this.depth -= 1;
    return { kind: 'call', name: upper, args, start: token.start, end: close.end };
  }

  private expect(kind: Token['kind'], expected: string): Token {
    const token = this.peek();
    if (token.kind !== kind) this.unexpected(token, expected);
    return this.advance();
  }
}

export interface ParseResult {
  ast: FormulaNode | null;
  diagnostics: FormulaDiagnostic[];
}

/** Parses a formula. Never throws: every problem, even an internal one, comes back as a diagnostic. */
export function parseFormula(source: string): ParseResult {
  if (typeof source !== 'string') {
    const span = { start: 0, end: 0 };
    return { ast: null, diagnostics: [diagnostic('syntax', 'The formula is not text', span)] };
  }
  if (source.length > MAX_FORMULA_LENGTH) {
    const span = { start: MAX_FORMULA_LENGTH, end: source.length };
    const text = `The formula is ${source.length} characters long; the limit is ${MAX_FORMULA_LENGTH}`;
    const params = { max: MAX_FORMULA_LENGTH, length: source.length };
    return { ast: null, diagnostics: [diagnostic('tooLong', text, span, params)] };
  }
  try {
    return { ast: new Parser(tokenize(source)).parse(), diagnostics: [] };
  } catch (error) {
    if (error instanceof ParseFailure) return { ast: null, diagnostics: [error.diagnostic] };
    const span = { start: 0, end: source.length };
    return {
      ast: null,
      diagnostics: [diagnostic('internal', `The formula could not be read (${String(error)})`, span)],
    };
  }
}

// Live forms re-evaluate every computed field on each keystroke; the formulas rarely change.
const CACHE_LIMIT = 1000;
const cache = new Map<string, ParseResult>();

/** parseFormula with a small cache, for internal callers that never mutate the tree. */
export function parseCached(source: string): ParseResult {
  const hit = typeof source === 'string' ? cache.get(source) : undefined;
  // Diagnostics leave the package and may be changed by callers; the cached tree never does.
  if (hit)
    return { ast: hit.ast, diagnostics: hit.diagnostics.map((d) => ({ ...d, params: { ...d.params } })) };
  const result = parseFormula(source);
  if (typeof source === 'string') {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(source, result);
  }
  return result;
}
