// @formloop/formula: the spreadsheet-style formula language of calculation fields (lexer → parser →
// checker → evaluator). Pure: runs in the browser (live) and on the server (authoritative). Never eval.
export { parseFormula, type ParseResult } from './parser.ts';
export { checkFormula, type CheckOptions, type CheckResult } from './checker.ts';
export { evaluateFormula, type EvaluateOptions, type EvaluateResult } from './evaluate-formula.ts';
export { formulaReferences } from './references.ts';
export { evaluateComputedFields, type ComputedField, type ComputedFieldsResult } from './computed-fields.ts';
export { FORMULA_FUNCTIONS } from './functions/registry.ts';
export type {
  FormulaFunction,
  FormulaFunctionParam,
  FormulaFunctionSignature,
  FormulaParamType,
} from './functions/types.ts';
export { FORMULA_ERROR_CODES, type FormulaDiagnostic, type FormulaErrorCode } from './errors.ts';
export type { BinaryOperator, FormulaNode } from './ast.ts';
export { MAX_FORMULA_DEPTH, MAX_FORMULA_LENGTH, MAX_TEXT_LENGTH } from './limits.ts';
