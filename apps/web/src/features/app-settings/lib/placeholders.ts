import type { EmailTemplateField } from '@formloop/contracts';

/** A placeholder offered in the toolbar, its label already in the reader's language. */
export interface ToolbarPlaceholder {
  name: string;
  label: string;
  system: boolean;
}

/**
 * The server's placeholders (saved draft and published fields, then system fields) merged with the
 * editor's current fields: a field added since the last save is offered too (the server checks it on
 * save), and the editor's label wins since it is what the builder sees now.
 */
export function mergePlaceholders(
  server: readonly EmailTemplateField[],
  editorFields: readonly { name: string; label: string }[],
  systemLabel: (name: string, fallback: string) => string,
): ToolbarPlaceholder[] {
  const editorLabels = new Map(editorFields.filter((f) => f.name).map((f) => [f.name, f.label || f.name]));
  const appFields = server
    .filter((field) => !field.system)
    .map((field) => ({ ...field, label: editorLabels.get(field.name) ?? field.label }));
  const known = new Set(server.map((field) => field.name));
  const added = editorFields
    .filter((field) => field.name && !known.has(field.name))
    .map((field) => ({ name: field.name, label: field.label || field.name, system: false }));
  const system = server
    .filter((field) => field.system)
    .map((field) => ({ ...field, label: systemLabel(field.name, field.label) }));
  const seen = new Set<string>();
  return [...appFields, ...added, ...system].filter((field) =>
    seen.has(field.name) ? false : (seen.add(field.name), true),
  );
}

/** Inserts `token` over the selection [start, end) of `value`; returns the text and the caret after it. */
export function insertAt(
  value: string,
  token: string,
  start: number | null | undefined,
  end: number | null | undefined,
): { text: string; caret: number } {
  const from = Math.min(Math.max(start ?? value.length, 0), value.length);
  const to = Math.min(Math.max(end ?? from, from), value.length);
  return { text: value.slice(0, from) + token + value.slice(to), caret: from + token.length };
}
