// What a function declares: the signature the checker verifies and the editor shows, and the
// implementation the evaluator runs on already-coerced arguments.
import type { FieldValueType } from '@formloop/domain';
import type { Span } from '../errors.ts';
import type { DateTimeValue, Scalar, Value } from '../values.ts';

/**
 * How an argument is read. number/text/boolean: one value coerced to that type; date/time: an ISO
 * text, a date or a serial (blank makes the call blank); numbers: numbers and lists of numbers
 * (blanks and text inside lists skipped); dates: dates and lists of dates; values: anything,
 * lists flattened; any: the value untouched.
 */
export type FormulaParamType =
  'number' | 'text' | 'boolean' | 'date' | 'time' | 'numbers' | 'dates' | 'values' | 'any';

export interface FormulaFunctionParam {
  name: string;
  type: FormulaParamType;
}

export interface FormulaFunctionSignature {
  minArgs: number;
  /** null: any number of arguments (the last `repeat` parameters repeat). */
  maxArgs: number | null;
  params: readonly FormulaFunctionParam[];
  /** How many trailing parameters repeat; IFS repeats (condition, value) pairs. */
  repeat: number;
  /** Declared result type; 'any' when it depends on the arguments (IF, MIN of dates). */
  result: FieldValueType;
}

export interface FormulaFunction {
  name: string;
  signature: FormulaFunctionSignature;
  /** Translation key of a one-line description for the editor. */
  descriptionKey: string;
  /** The English one-liner behind descriptionKey. */
  description: string;
}

export interface CallContext {
  name: string;
  span: Span;
  argSpans: readonly Span[];
  now: Date;
}

/** One coerced argument; its shape follows the parameter type. */
export type Arg =
  | number
  | string
  | boolean
  | DateTimeValue
  | readonly number[]
  | readonly DateTimeValue[]
  | readonly Scalar[]
  | Value
  | undefined;

export interface FunctionDefinition extends FormulaFunction {
  /** Eager functions get coerced arguments; errors in arguments never reach them. */
  run?: (args: readonly Arg[], call: CallContext) => Value;
  /** Lazy functions (IF, IFS, IFERROR, AND, OR) evaluate only the arguments they need. */
  lazy?: (args: ReadonlyArray<() => Value>, call: CallContext) => Value;
  /** Result type from argument types, when it is not fixed. */
  infer?: (types: readonly FieldValueType[]) => FieldValueType;
  /** Pass arguments uncoerced (errors still stop the call); the signature only guides the checker. */
  raw?: boolean;
}

interface DefineOptions {
  min?: number;
  max?: number | null;
  repeat?: number;
  run?: FunctionDefinition['run'];
  lazy?: FunctionDefinition['lazy'];
  infer?: FunctionDefinition['infer'];
  raw?: boolean;
}

/**
 * Declares a function. `params` is "name:type" per parameter, a trailing "?" marks optional ones
 * (minArgs is the count before the first optional one unless given).
 */
export function define(
  name: string,
  params: readonly string[],
  result: FieldValueType,
  description: string,
  options: DefineOptions,
): FunctionDefinition {
  const parsed = params.map((spec) => {
    const [paramName = '', type = 'any'] = spec.replace('?', '').split(':');
    return { name: paramName, type: type as FormulaParamType, optional: spec.endsWith('?') };
  });
  const firstOptional = parsed.findIndex((p) => p.optional);
  const minArgs = options.min ?? (firstOptional < 0 ? parsed.length : firstOptional);
  return {
    name,
    descriptionKey: `formula.functions.${name.toLowerCase()}`,
    description,
    signature: {
      minArgs,
      maxArgs: options.max === undefined ? parsed.length : options.max,
      params: parsed.map(({ name: n, type }) => ({ name: n, type })),
      repeat: options.repeat ?? 0,
      result,
    },
    ...(options.run ? { run: options.run } : {}),
    ...(options.lazy ? { lazy: options.lazy } : {}),
    ...(options.infer ? { infer: options.infer } : {}),
    ...(options.raw ? { raw: true } : {}),
  };
}

/** The parameter an argument position maps to, following the repeat rule. */
export function paramAt(
  signature: FormulaFunctionSignature,
  index: number,
): FormulaFunctionParam | undefined {
  const { params, repeat } = signature;
  if (index < params.length) return params[index];
  if (repeat === 0) return undefined;
  const fixed = params.length - repeat;
  return params[fixed + ((index - fixed) % repeat)];
}

/** Unify the types of alternative results (IF branches): equal types stay, anything else is 'any'. */
export function unify(types: readonly FieldValueType[]): FieldValueType {
  const first = types[0];
  if (first === undefined) return 'any';
  return types.every((t) => t === first) ? first : 'any';
}
