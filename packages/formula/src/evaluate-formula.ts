// Runtime entry point: parse, evaluate against record data, convert by result type. Never throws.
import type { FieldValueType } from '@formloop/domain';
import { FormulaError, diagnostic, type FormulaDiagnostic } from './errors.ts';
import { evaluateNode, lookupInData } from './evaluator.ts';
import { parseCached } from './parser.ts';
import { toResult } from './result.ts';

export interface EvaluateOptions {
  /** The clock for TODAY() and NOW(); defaults to the current time. */
  now?: Date;
  /** The value type of the field receiving the result; decides how the result is stored. */
  resultType?: FieldValueType;
}

export interface EvaluateResult {
  value: unknown;
  error: FormulaDiagnostic | null;
}

export function evaluateFormula(
  source: string,
  values: Readonly<Record<string, unknown>>,
  options: EvaluateOptions = {},
): EvaluateResult {
  try {
    const { ast, diagnostics } = parseCached(source);
    if (!ast) return { value: null, error: diagnostics[0] ?? null };
    const now =
      options?.now instanceof Date && Number.isFinite(options.now.getTime()) ? options.now : new Date();
    const value = evaluateNode(ast, { now, lookup: lookupInData(values) });
    const result = toResult(value, options?.resultType, ast);
    if (result instanceof FormulaError) return { value: null, error: result.diagnostic };
    return { value: result, error: null };
  } catch (error) {
    // A RangeError from a pathological tree or a bug: report, never crash the form or the request.
    const length = typeof source === 'string' ? source.length : 0;
    const span = { start: 0, end: length };
    return {
      value: null,
      error: diagnostic('internal', `The formula could not be evaluated (${String(error)})`, span),
    };
  }
}
