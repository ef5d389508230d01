// @formloop/workflow: the pure workflow engine (DESIGN.md). No I/O: given a definition, an instance's
// state and an event it returns the new state and the effects the server applies in one transaction.
export * from './types.ts';
export { initialState, transition } from './engine.ts';
export { activityOutcomes } from './outcomes.ts';
export { createActivity, parseDefinition, emptyDefinition } from './definition.ts';
export { validateDefinition } from './validate.ts';
export { importDefinition, exportDefinition, type ImportResult } from './elsa.ts';
export { autoLayout } from './layout.ts';
