// Diagnostics are the one shape every stage reports in: the editor underlines start..end, the UI
// translates by code + params, and the English message is for logs and developers.

export const FORMULA_ERROR_CODES = [
  'syntax',
  'unexpectedEnd',
  'unterminatedString',
  'unknownField',
  'unknownFunction',
  'argumentCount',
  'typeMismatch',
  'resultType',
  'divisionByZero',
  'invalidValue',
  'circularReference',
  'tooDeep',
  'tooLong',
  'internal',
] as const;
export type FormulaErrorCode = (typeof FORMULA_ERROR_CODES)[number];

export interface FormulaDiagnostic {
  code: FormulaErrorCode;
  /** English and specific; ends with "at position N" (0-based, equal to start). */
  message: string;
  /** Everything a translation needs to rebuild the message. */
  params: Record<string, string | number>;
  /** 0-based character offsets into the source; end is exclusive. */
  start: number;
  end: number;
}

export interface Span {
  start: number;
  end: number;
}

export function diagnostic(
  code: FormulaErrorCode,
  text: string,
  span: Span,
  params: Record<string, string | number> = {},
): FormulaDiagnostic {
  return {
    code,
    message: `${text} at position ${span.start}`,
    params: { ...params, position: span.start },
    start: span.start,
    end: span.end,
  };
}

/**
 * A spreadsheet error value (#DIV/0!, #VALUE!, ...) travelling through evaluation. It is a value,
 * not an exception, so IFERROR can catch it and operators can pass it on unchanged.
 */
export class FormulaError {
  constructor(readonly diagnostic: FormulaDiagnostic) {}
}

export function formulaError(
  code: FormulaErrorCode,
  text: string,
  span: Span,
  params: Record<string, string | number> = {},
): FormulaError {
  return new FormulaError(diagnostic(code, text, span, params));
}

/** Internal: aborts parsing at the first syntax problem; never escapes the package. */
export class ParseFailure extends Error {
  constructor(readonly diagnostic: FormulaDiagnostic) {
    super(diagnostic.message);
  }
}
