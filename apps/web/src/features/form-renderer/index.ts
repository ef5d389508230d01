// What other features use of the form renderer besides the component (components.ts): values,
// computed fields and the formula wording the form editor shares.
export { computeValues } from './computed-values.ts';
export { translateFormulaError, translateValueType } from './formula-errors.ts';
export { FORM_RENDERER_NAMESPACE } from './messages.ts';
export { withDefaults, type FormValues, type RendererDefinition } from './renderer-model.ts';
