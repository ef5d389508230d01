// Tree-walking evaluator. Errors are values (spreadsheet style): the first error operand wins,
// IFERROR catches them, and nothing here throws on bad data.
import type { CallNode, FieldNode, FormulaNode } from './ast.ts';
import { FormulaError, formulaError } from './errors.ts';
import { BLANK_DATE, coerceArg } from './functions/coerce.ts';
import { lookupFunction } from './functions/registry.ts';
import { paramAt, type Arg, type CallContext, type FunctionDefinition } from './functions/types.ts';
import { add, checkedText, comparison, concatenate, divide, multiply, power, subtract } from './operators.ts';
import { finiteNumber, toNumber, valueFromData, type ListValue, type Value } from './values.ts';

export interface EvalContext {
  now: Date;
  /** The value of a field reference (a list for a table column). */
  lookup: (node: FieldNode) => Value;
}

/** Reads a field from record data: own properties only, so {constructor} or {__proto__} is just blank. */
export function lookupInData(
  values: Readonly<Record<string, unknown>> | null | undefined,
): (node: FieldNode) => Value {
  const data: Readonly<Record<string, unknown>> = values !== null && typeof values === 'object' ? values : {};
  return (node) => {
    if (node.column === null) return Object.hasOwn(data, node.name) ? valueFromData(data[node.name]) : null;
    return columnValues(data, node.name, node.column);
  };
}

/** A table column: values['table.column'] if given, else the column of each row in values['table']. */
function columnValues(data: Readonly<Record<string, unknown>>, table: string, column: string): ListValue {
  const key = `${table}.${column}`;
  if (Object.hasOwn(data, key)) {
    const value = valueFromData(data[key]);
    return Array.isArray(value)
      ? value
      : value === null
        ? []
        : [value as Exclude<Value, ListValue | FormulaError>];
  }
  const rows = Object.hasOwn(data, table) ? data[table] : undefined;
  if (!Array.isArray(rows)) return [];
  return rows.map((row: unknown) => {
    if (row === null || typeof row !== 'object' || Array.isArray(row) || !Object.hasOwn(row, column))
      return null;
    const cell = valueFromData((row as Record<string, unknown>)[column]);
    return Array.isArray(cell) ? null : (cell as Exclude<Value, ListValue | FormulaError>);
  });
}

function argumentCountError(def: FunctionDefinition, node: CallNode): FormulaError | null {
  const { minArgs, maxArgs, params, repeat } = def.signature;
  const count = node.args.length;
  const fixed = params.length - repeat;
  const unpaired = repeat > 1 && count > fixed && (count - fixed) % repeat !== 0;
  if (count >= minArgs && (maxArgs === null || count <= maxArgs) && !unpaired) return null;
  const range =
    maxArgs === minArgs
      ? `${minArgs}`
      : maxArgs === null
        ? `at least ${minArgs}`
        : `${minArgs} to ${maxArgs}`;
  const text = unpaired
    ? `${def.name} takes its arguments in groups of ${repeat} but got ${count}`
    : `${def.name} takes ${range} argument${maxArgs === 1 && minArgs === 1 ? '' : 's'} but got ${count}`;
  return formulaError('argumentCount', text, node, {
    name: def.name,
    min: minArgs,
    max: maxArgs ?? 'unbounded',
    count,
  });
}

function callFunction(node: CallNode, ctx: EvalContext): Value {
  const def = lookupFunction(node.name);
  if (!def) {
    const span = { start: node.start, end: node.start + node.name.length };
    return formulaError('unknownFunction', `Unknown function ${node.name}`, span, { name: node.name });
  }
  const countError = argumentCountError(def, node);
  if (countError) return countError;
  const call: CallContext = { name: def.name, span: node, argSpans: node.args, now: ctx.now };
  if (def.lazy)
    return def.lazy(
      node.args.map((arg) => () => evaluateNode(arg, ctx)),
      call,
    );
  const args: Arg[] = [];
  for (let i = 0; i < node.args.length; i += 1) {
    const argNode = node.args[i] as FormulaNode;
    const value = evaluateNode(argNode, ctx);
    if (value instanceof FormulaError) return value;
    const param = paramAt(def.signature, i);
    const coerced = def.raw || !param ? value : coerceArg(param.type, value, argNode);
    if (coerced === BLANK_DATE) return null;
    if (coerced instanceof FormulaError) return coerced;
    args.push(coerced as Arg);
  }
  try {
    const result = (def.run as NonNullable<FunctionDefinition['run']>)(args, call);
    // One place enforces the text limit for every function (TEXT can expand "mmmm" into "September").
    return typeof result === 'string' ? checkedText(result, node) : result;
  } catch (error) {
    return formulaError('internal', `${def.name} failed: ${String(error)}`, node, { name: def.name });
  }
}

export function evaluateNode(node: FormulaNode, ctx: EvalContext): Value {
  switch (node.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return node.value;
    case 'field':
      return ctx.lookup(node);
    case 'unary': {
      const value = evaluateNode(node.operand, ctx);
      // Unary plus changes nothing, as in spreadsheets (+"a" is "a").
      if (node.operator === '+' || value instanceof FormulaError) return value;
      const n = toNumber(value, node);
      return n instanceof FormulaError ? n : n === 0 ? 0 : -n;
    }
    case 'percent': {
      const n = toNumber(evaluateNode(node.operand, ctx), node);
      return n instanceof FormulaError ? n : finiteNumber(n / 100, node);
    }
    case 'binary': {
      const left = evaluateNode(node.left, ctx);
      if (left instanceof FormulaError) return left;
      const right = evaluateNode(node.right, ctx);
      if (right instanceof FormulaError) return right;
      switch (node.operator) {
        case '+':
          return add(left, right, node);
        case '-':
          return subtract(left, right, node);
        case '*':
          return multiply(left, right, node);
        case '/':
          return divide(left, right, node);
        case '^':
          return power(left, right, node);
        case '&':
          return concatenate(left, right, node);
        default:
          return comparison(node.operator, left, right, node);
      }
    }
    case 'call':
      return callFunction(node, ctx);
  }
}
