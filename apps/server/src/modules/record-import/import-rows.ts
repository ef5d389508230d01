import type { FieldError } from '@formloop/contracts';
import {
  START_ACTIVITY_ID,
  isCalculationFieldType,
  normaliseRecordValues,
  payloadFieldType,
  type ModuleDefinition,
} from '@formloop/domain';
import { recomputeRecordValues, sanitiseRichText } from '../records/index.ts';

// Each imported row is checked exactly as a submit from the item editor would be (the shared value
// rules of packages/domain and the records module's write steps): values in their stored shape,
// permissions of the start activity, every required field and value rule, rich text sanitised,
// calculations recomputed. A row with any problem is rejected with them all.

export interface RowResult {
  values: Record<string, unknown>;
  errors: FieldError[];
}
export type RowCheck = (values: Record<string, unknown>) => RowResult | Promise<RowResult>;

const RICH_TEXT = new Set(['richtext', 'richtext-html']);

/** The row check of one import (one clock for the whole file: defaults such as today agree). */
export function rowCheckFor(definition: ModuleDefinition, now: Date): RowCheck {
  const options = { activityId: START_ACTIVITY_ID, now, mode: 'submit' as const };
  const types = definition.fieldGroups.flatMap((group) =>
    group.fields.map((field) => payloadFieldType(field)),
  );
  // Decided once per import: most forms have neither, and their rows then never wait on a promise.
  const hasRichText = types.some((type) => type !== null && RICH_TEXT.has(type));
  const hasFormulas = types.some((type) => type !== null && isCalculationFieldType(type));
  const finish = (values: Record<string, unknown>) =>
    hasFormulas ? recomputeRecordValues(definition, values, now) : values;
  return (input) => {
    const { values, problems } = normaliseRecordValues(definition, input, options);
    if (problems.length > 0) return { values, errors: problems };
    if (!hasRichText) return { values: finish(values), errors: [] };
    return sanitiseRichText(definition, values).then((clean) => ({ values: finish(clean), errors: [] }));
  };
}
