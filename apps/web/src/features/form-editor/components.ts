// Components of the form editor that the workflow designer (inside the form editor) shares: the
// formula input and the key/value rows of its settings. The editor's pages are routed lazily from
// their own files.
export { FormulaInput } from './formula/formula-input.tsx';
export { KeyValueRows } from './settings/key-value-rows.tsx';
