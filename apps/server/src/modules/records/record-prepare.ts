import { msg } from '@formloop/contracts';
import {
  normaliseRecordValues,
  payloadFieldType,
  type NormaliseOptions,
  type RecordDefinition,
  type RecordValues,
} from '@formloop/domain';
import { badRequest, fieldError } from '../../platform/http/errors.ts';
import { keyOfText } from '../../platform/http/message-text.ts';
import { recomputeRecordValues } from './record-formulas.ts';

// What every write of values runs (save, submit; the CSV import may reuse it): the shared value rules
// of packages/domain, rich text sanitised, calculations recomputed. A broken rule is a 400 listing
// each problem by field (or table cell) with the same words the item editor shows.

const RICH_TEXT: ReadonlySet<string> = new Set(['richtext', 'richtext-html']);

type Sanitise = (html: string) => string;
let purifier: Promise<Sanitise> | null = null;
// Loaded on first use: DOMPurify brings a DOM (jsdom) that forms without rich text never need.
const loadPurifier = (): Promise<Sanitise> =>
  (purifier ??= import('isomorphic-dompurify').then(
    ({ sanitize }) =>
      (html: string) =>
        sanitize(html),
  ));

/** Rich text values (and rich text cells) cleaned of scripts, handlers and dangerous URLs. */
export async function sanitiseRichText(
  definition: RecordDefinition,
  values: RecordValues,
): Promise<RecordValues> {
  const targets = definition.fieldGroups.flatMap((group) =>
    group.fields
      .filter((field) => RICH_TEXT.has(payloadFieldType(field) ?? ''))
      .map((field) => ({ group, name: field.name })),
  );
  const texts = (row: RecordValues | undefined, name: string) => typeof row?.[name] === 'string';
  const rowsOf = (value: unknown) => (Array.isArray(value) ? (value as RecordValues[]) : []);
  const needed = targets.some(({ group, name }) =>
    group.isTable ? rowsOf(values[group.name]).some((row) => texts(row, name)) : texts(values, name),
  );
  if (!needed) return values;
  const sanitise = await loadPurifier();
  const clean = (row: RecordValues, name: string) => {
    if (typeof row[name] === 'string') row[name] = sanitise(row[name]);
  };
  const out: RecordValues = { ...values };
  for (const { group, name } of targets) {
    if (!group.isTable) clean(out, name);
    else if (Array.isArray(out[group.name])) {
      out[group.name] = rowsOf(out[group.name]).map((row) => {
        const copy = { ...row };
        clean(copy, name);
        return copy;
      });
    }
  }
  return out;
}

/** The values to store, or a 400 with every problem (RECORDS_MESSAGES.invalidValues, errors by field). */
export async function prepareRecordValues(
  definition: RecordDefinition,
  input: RecordValues,
  options: NormaliseOptions,
): Promise<RecordValues> {
  const { values, problems } = normaliseRecordValues(definition, input, options);
  if (problems.length > 0)
    throw badRequest(
      msg('records.invalidValues'),
      problems.map((problem) => fieldError(problem.field, keyOfText(problem.message))),
    );
  const clean = await sanitiseRichText(definition, values);
  return recomputeRecordValues(definition, clean, options.now);
}
