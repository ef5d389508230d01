// Design-time checking: unknown fields and functions, argument counts, operand and argument types,
// and whether the result fits the calculation field. Collects every problem, not just the first.
import type { FieldValueType } from '@formloop/domain';
import { referenceOf, type CallNode, type FieldNode, type FormulaNode } from './ast.ts';
import { diagnostic, type FormulaDiagnostic } from './errors.ts';
import { lookupFunction } from './functions/registry.ts';
import { paramAt } from './functions/types.ts';
import { parseCached } from './parser.ts';
import { formulaReferences } from './references.ts';
import {
  acceptsNumber,
  acceptsParam,
  additiveType,
  assignable,
  operandType,
  paramLabel,
} from './type-rules.ts';

export interface CheckOptions {
  /** The calculation field's value type; the result must be assignable to it. */
  expected?: FieldValueType;
}

export interface CheckResult {
  ok: boolean;
  type: FieldValueType;
  diagnostics: FormulaDiagnostic[];
  references: string[];
}

// Only types are imported from @formloop/domain; the Record keeps this list exhaustive at compile time.
const VALUE_TYPES: Readonly<Record<FieldValueType, true>> = {
  text: true,
  number: true,
  boolean: true,
  date: true,
  datetime: true,
  time: true,
  list: true,
  any: true,
};

class Checker {
  readonly diagnostics: FormulaDiagnostic[] = [];

  constructor(
    private readonly source: string,
    private readonly fields: Readonly<Record<string, unknown>>,
  ) {}

  private snippet(node: FormulaNode): string {
    const text = this.source.slice(node.start, node.end);
    return text.length > 40 ? `${text.slice(0, 40)}…` : text;
  }

  private fieldType(name: string): FieldValueType | null {
    if (!Object.hasOwn(this.fields, name)) return null;
    const type = this.fields[name];
    return typeof type === 'string' && Object.hasOwn(VALUE_TYPES, type) ? (type as FieldValueType) : null;
  }

  private field(node: FieldNode): FieldValueType {
    const ref = referenceOf(node);
    const type = this.fieldType(ref);
    if (type !== null) return node.column === null ? type : 'list';
    const params = { name: ref, field: node.name, column: node.column ?? '' };
    const text =
      node.column !== null && this.fieldType(node.name) !== null
        ? `Unknown column ${node.column} in table {${node.name}}`
        : `Unknown field {${ref}}`;
    this.diagnostics.push(diagnostic('unknownField', text, node, params));
    return 'any';
  }

  private mismatch(node: FormulaNode, text: string, params: Record<string, string>): void {
    this.diagnostics.push(diagnostic('typeMismatch', text, node, params));
  }

  private requireNumber(node: FormulaNode, type: FieldValueType): void {
    if (acceptsNumber(type, node)) return;
    const hint =
      type === 'list'
        ? '; use SUM, AVERAGE, MIN or MAX on a list'
        : type === 'text'
          ? '; use VALUE() to read a number from text'
          : '';
    this.mismatch(node, `${this.snippet(node)} is ${type} and cannot be used as a number${hint}`, {
      expected: 'number',
      actual: type,
      text: this.snippet(node),
    });
  }

  private requireScalar(node: FormulaNode, type: FieldValueType, what: string): void {
    if (type !== 'list') return;
    this.mismatch(node, `${this.snippet(node)} is a list and cannot be used in ${what}`, {
      expected: 'value',
      actual: 'list',
      text: this.snippet(node),
    });
  }

  typeOf(node: FormulaNode): FieldValueType {
    switch (node.kind) {
      case 'number':
        return 'number';
      case 'string':
        return 'text';
      case 'boolean':
        return 'boolean';
      case 'field':
        return this.field(node);
      case 'unary': {
        const type = this.typeOf(node.operand);
        if (node.operator === '+') return type;
        this.requireNumber(node.operand, type);
        return 'number';
      }
      case 'percent':
        this.requireNumber(node.operand, this.typeOf(node.operand));
        return 'number';
      case 'binary':
        return this.binary(node);
      case 'call':
        return this.call(node);
    }
  }

  private binary(node: Extract<FormulaNode, { kind: 'binary' }>): FieldValueType {
    const left = this.typeOf(node.left);
    const right = this.typeOf(node.right);
    switch (node.operator) {
      case '&':
        this.requireScalar(node.left, left, '&');
        this.requireScalar(node.right, right, '&');
        return 'text';
      case '+':
      case '-': {
        this.requireNumber(node.left, left);
        this.requireNumber(node.right, right);
        if (!acceptsNumber(left, node.left) || !acceptsNumber(right, node.right)) return 'number';
        const result = additiveType(
          node.operator,
          operandType(left, node.left),
          operandType(right, node.right),
        );
        if ('type' in result) return result.type;
        this.mismatch(node, result.mismatch, {
          expected: 'number',
          actual: `${left} ${node.operator} ${right}`,
          text: this.snippet(node),
        });
        return 'number';
      }
      case '*':
      case '/':
      case '^':
        this.requireNumber(node.left, left);
        this.requireNumber(node.right, right);
        return 'number';
      default:
        this.requireScalar(node.left, left, 'a comparison');
        this.requireScalar(node.right, right, 'a comparison');
        return 'boolean';
    }
  }

  private call(node: CallNode): FieldValueType {
    const types = node.args.map((arg) => this.typeOf(arg));
    const def = lookupFunction(node.name);
    if (!def) {
      const span = { start: node.start, end: node.start + node.name.length };
      this.diagnostics.push(
        diagnostic('unknownFunction', `Unknown function ${node.name}`, span, { name: node.name }),
      );
      return 'any';
    }
    const { minArgs, maxArgs, params, repeat } = def.signature;
    const count = node.args.length;
    const fixed = params.length - repeat;
    const unpaired = repeat > 1 && count > fixed && (count - fixed) % repeat !== 0;
    if (count < minArgs || (maxArgs !== null && count > maxArgs) || unpaired) {
      const range =
        maxArgs === minArgs
          ? `${minArgs}`
          : maxArgs === null || maxArgs >= 254
            ? `at least ${minArgs}`
            : `${minArgs} to ${maxArgs}`;
      const text = unpaired
        ? `${def.name} takes its arguments in groups of ${repeat} but got ${count}`
        : `${def.name} takes ${range} argument${range === '1' ? '' : 's'} but got ${count}`;
      const params2 = { name: def.name, min: minArgs, max: maxArgs ?? 'unbounded', count };
      this.diagnostics.push(diagnostic('argumentCount', text, node, params2));
    }
    node.args.forEach((arg, i) => {
      const param = paramAt(def.signature, i);
      const type = types[i] as FieldValueType;
      if (!param || acceptsParam(param.type, type, arg)) return;
      const expected = paramLabel(param.type);
      this.mismatch(
        arg,
        `${def.name} expects a ${expected} for ${param.name} but ${this.snippet(arg)} is ${type}`,
        {
          name: def.name,
          param: param.name,
          expected,
          actual: type,
          text: this.snippet(arg),
        },
      );
    });
    return def.infer ? def.infer(types) : def.signature.result;
  }
}

/** Checks a formula against the fields it may use (name → value type; table columns as 'table.column'). */
export function checkFormula(
  source: string,
  fields: Readonly<Record<string, FieldValueType>>,
  options: CheckOptions = {},
): CheckResult {
  const { ast, diagnostics } = parseCached(source);
  const references = formulaReferences(source);
  if (!ast) return { ok: false, type: 'any', diagnostics, references };
  const safeFields = fields !== null && typeof fields === 'object' ? fields : {};
  const checker = new Checker(source, safeFields);
  let type: FieldValueType;
  try {
    type = checker.typeOf(ast);
  } catch (error) {
    const span = { start: 0, end: source.length };
    checker.diagnostics.push(
      diagnostic('internal', `The formula could not be checked (${String(error)})`, span),
    );
    type = 'any';
  }
  const expected = options?.expected;
  if (expected && checker.diagnostics.length === 0 && !assignable(type, expected)) {
    const text = `The formula returns ${type} but the field expects ${expected}`;
    checker.diagnostics.push(diagnostic('resultType', text, ast, { expected, actual: type }));
  }
  return { ok: checker.diagnostics.length === 0, type, diagnostics: checker.diagnostics, references };
}
