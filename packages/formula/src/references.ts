// The fields a formula reads, for dependency ordering and for the designer's "used by" lists.
import { referenceOf, fieldNodes } from './ast.ts';
import { tokenizeLeniently } from './lexer.ts';
import { MAX_FORMULA_LENGTH } from './limits.ts';
import { parseCached } from './parser.ts';

/**
 * Referenced field names in order of first appearance, without duplicates; a table column is
 * 'table.column'. A formula with a syntax error still reports the references before the error.
 */
export function formulaReferences(source: string): string[] {
  if (typeof source !== 'string' || source.length > MAX_FORMULA_LENGTH) return [];
  const { ast } = parseCached(source);
  const refs = ast
    ? fieldNodes(ast).map(referenceOf)
    : tokenizeLeniently(source)
        .filter((t) => t.kind === 'field' && t.field)
        .map((t) => {
          const field = t.field as { name: string; column: string | null };
          return field.column === null ? field.name : `${field.name}.${field.column}`;
        });
  return [...new Set(refs)];
}
