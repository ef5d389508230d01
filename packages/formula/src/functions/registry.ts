// The function registry: UPPERCASE name → definition. A Map, so a user-written name such as
// CONSTRUCTOR or __PROTO__ can never reach Object.prototype.
import { DATE_FUNCTIONS } from './date.ts';
import { LOGICAL_FUNCTIONS } from './logical.ts';
import { MATH_FUNCTIONS } from './math.ts';
import { TEXT_FUNCTIONS } from './text.ts';
import type { FormulaFunction, FunctionDefinition } from './types.ts';

const DEFINITIONS: readonly FunctionDefinition[] = [
  ...LOGICAL_FUNCTIONS,
  ...MATH_FUNCTIONS,
  ...TEXT_FUNCTIONS,
  ...DATE_FUNCTIONS,
];

const REGISTRY: ReadonlyMap<string, FunctionDefinition> = new Map(DEFINITIONS.map((d) => [d.name, d]));

export function lookupFunction(name: string): FunctionDefinition | undefined {
  return REGISTRY.get(name.toUpperCase());
}

/** Every function with its signature and description key, sorted by name, for editor autocomplete. */
export const FORMULA_FUNCTIONS: readonly FormulaFunction[] = Object.freeze(
  DEFINITIONS.map(({ name, signature, descriptionKey, description }) =>
    Object.freeze({ name, signature, descriptionKey, description }),
  ).sort((a, b) => (a.name < b.name ? -1 : 1)),
);
