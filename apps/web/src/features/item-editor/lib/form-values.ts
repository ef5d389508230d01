// How the editor tells loaded values from changed ones. The renderer fills a new form's defaults
// (today/now, default values, minimum table rows) and computes its calculation fields on the first
// render, and hands that back through onChange: those values are still "as loaded".
import { jsonEqual } from '@formloop/domain';
import {
  computeValues,
  withDefaults,
  type FormValues,
  type RendererDefinition,
} from '../../form-renderer/index.ts';

/** The values as the renderer settles them after loading (same definition, same `now`). */
export function settledValues(definition: RendererDefinition, values: FormValues, now: Date): FormValues {
  const base = withDefaults(definition, values, now);
  // The renderer only commits when defaults were filled in; otherwise it keeps the given object.
  return base === values ? values : computeValues(definition, base, now).values;
}

/** What the editor last loaded or saved: the object it handed over, and how the renderer settles it. */
export interface Baseline {
  given: FormValues;
  settled: FormValues;
}

export const baselineOf = (definition: RendererDefinition, values: FormValues, now: Date): Baseline => ({
  given: values,
  settled: settledValues(definition, values, now),
});

export const differs = (values: FormValues, baseline: Baseline): boolean =>
  values !== baseline.given && values !== baseline.settled && !jsonEqual(values, baseline.settled);

/** The value under a field name, or under a table cell key 'group.rowIndex.field'. */
export function valueAt(values: FormValues, key: string): unknown {
  if (Object.hasOwn(values, key)) return values[key];
  const [, group, index, field] = /^([^.]+)\.(\d+)\.(.+)$/.exec(key) ?? [];
  if (group === undefined || field === undefined) return undefined;
  const rows = values[group];
  if (!Array.isArray(rows)) return undefined;
  const row: unknown = rows[Number(index)];
  return typeof row === 'object' && row !== null ? (row as FormValues)[field] : undefined;
}

/**
 * The server's field messages that still apply: one goes away once the user changes the value it
 * was about (`before` holds the values the server judged).
 */
export function remainingErrors(
  errors: Record<string, string>,
  before: FormValues,
  now: FormValues,
): Record<string, string> {
  let changed = false;
  const next: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    if (jsonEqual(valueAt(before, key), valueAt(now, key))) next[key] = message;
    else changed = true;
  }
  return changed ? next : errors;
}
