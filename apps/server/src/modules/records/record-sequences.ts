import {
  formatSequenceNumber,
  payloadFieldType,
  sequenceStep,
  type ModuleDefinition,
  type PayloadField,
  type RecordValues,
} from '@formloop/domain';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { reserveSequence } from './records.repository.ts';

// Sequence numbers are given at submission to the sequence-number fields (outside tables, like the
// CSV import) that have none yet: gap-free per app and field (see reserveSequence).

const sequenceFieldsOf = new WeakMap<object, PayloadField[]>();

/**
 * The form's sequence-number fields outside tables, in name order (so concurrent submits lock alike).
 * Kept per definition: a parsed definition is never changed, and the create path asks on every call.
 */
export function sequenceNumberFields(definition: Pick<ModuleDefinition, 'fieldGroups'>): PayloadField[] {
  let fields = sequenceFieldsOf.get(definition.fieldGroups);
  if (!fields) {
    fields = findSequenceNumberFields(definition);
    sequenceFieldsOf.set(definition.fieldGroups, fields);
  }
  return fields;
}

function findSequenceNumberFields(definition: Pick<ModuleDefinition, 'fieldGroups'>): PayloadField[] {
  return definition.fieldGroups
    .filter((group) => !group.isTable)
    .flatMap((group) => group.fields)
    .filter((field) => payloadFieldType(field) === 'sequence-number')
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The values with the next number of each empty sequence-number field. */
export async function assignSequenceNumbers(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  definition: Pick<ModuleDefinition, 'fieldGroups'>,
  values: RecordValues,
  now: Date,
): Promise<RecordValues> {
  const empty = sequenceNumberFields(definition).filter((field) => {
    const value = values[field.name];
    return value === undefined || value === null || value === '';
  });
  if (empty.length === 0) return values;
  const out = { ...values };
  for (const field of empty) {
    const counter = await reserveSequence(tx, tenantId, moduleId, field.name, 1);
    const n = counter * sequenceStep(field.stepSequence);
    out[field.name] = formatSequenceNumber(field.sequenceFormat ?? '', n, now);
  }
  return out;
}
