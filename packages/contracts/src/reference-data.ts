import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  DESCRIPTION_MAX_LENGTH,
  MESSAGES,
  NAME_MAX_LENGTH,
  PAGE_SIZES,
  codePointLength,
  formatMessage,
  validateDescription,
  validateName,
  validateSearch,
} from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';

// Reference data (/referencedata, spec §2, §3, §6, §7). The spec names the calls (ListKeyValue getList,
// save, category list/add, detail; ReferenceData ListDataset, getDataset, datatables,
// ReferenceDataEntry/AddRow, batch, GetDataByKey; permissible-list/dataset) but not their prefixes;
// delete and import are ours. Reading is for every signed-in user (dropdown fields read lists at
// runtime); every write is for full users and consultants (canUseBuilder).

export const REFERENCE_DATA_PATHS = {
  list: '/api/form/ListKeyValue/getList',
  save: '/api/form/ListKeyValue/save',
  detail: '/api/form/ListKeyValue/detail',
  delete: '/api/form/ListKeyValue/delete',
  categoryList: '/api/form/ListKeyValue/category/list',
  categoryAdd: '/api/form/ListKeyValue/category/add',
  import: '/api/form/ListKeyValue/import',
  listDataset: '/api/form/ReferenceData/ListDataset',
  getDataset: '/api/form/ReferenceData/getDataset',
  datatables: '/api/form/ReferenceData/datatables',
  addRow: '/api/form/ReferenceData/ReferenceDataEntry/AddRow',
  batch: '/api/form/ReferenceData/ReferenceDataEntry/batch',
  dataByKey: '/api/form/ReferenceData/ReferenceDataEntry/GetDataByKey',
  permissibleList: '/api/permissible-list/dataset',
} as const;

/** Texts the spec does not quote; the web app translates them by key (referenceData:messages.<key>). */
export const REFERENCE_DATA_MESSAGES = {
  listSaved: 'Reference data has been saved',
  listSaveFailed: 'Failed to save reference data',
  listDeleted: 'Reference data has been deleted',
  listDeleteFailed: 'Failed to delete reference data',
  categoryAdded: 'Category has been added',
  categoryAddFailed: 'Failed to add category',
  rowAdded: 'Row has been added',
  rowsSaved: 'Rows have been saved',
  imported: 'Imported {imported} rows; {skipped} duplicates skipped.',
  importFailed: 'Failed to import the CSV file',
  duplicateKeyName: 'A reference data list with this key name already exists.',
  duplicateCategory: 'A category with this name already exists.',
  notFound: 'This reference data list does not exist.',
  rowNotFound: 'This row does not exist in the list.',
  valueRequired: 'A value cannot be empty.',
  valueTooLong: 'A value cannot exceed {max} characters.',
  duplicateValue: 'The value "{value}" appears more than once in the list.',
  tooManyValues: 'A list can hold at most {max} values.',
  duplicateRowId: 'Each row may appear only once.',
  unknownColumn: 'The list has no column named "{column}".',
  tooManyColumns: 'A list can have at most {max} extra columns.',
  duplicateColumn: 'The column name "{column}" is used more than once.',
  csvTooLarge: 'The CSV file cannot be larger than 2 MB.',
  csvTooManyRows: 'The CSV file cannot have more than {max} rows.',
  csvEmpty: 'The CSV file has no rows to import.',
  csvUnreadable: 'The CSV file could not be read (line {line}).',
  csvValueMissing: 'Row {row} has no value in the first column.',
  csvValueTooLong: 'Row {row}: a value cannot exceed {max} characters.',
  csvRowTooWide: 'Row {row} has more columns than the header.',
  listRequired: 'Choose the list to import into.',
  invalidMode: 'Mode must be create, append or replace.',
  invalidPageSize: 'Page size must be 10, 20, 50 or 100.',
  invalidSortDirection: 'Sort direction must be asc or desc.',
} as const;
export type ReferenceDataMessageKey = keyof typeof REFERENCE_DATA_MESSAGES;
const M = REFERENCE_DATA_MESSAGES;

/** Most values (rows) one list holds; also the most rows one CSV import reads. */
export const REFERENCE_VALUES_MAX = 10_000;
/** Longest value and extra-column cell, in code points. */
export const REFERENCE_VALUE_MAX_LENGTH = 500;
/** Most extra dataset columns one list has. */
export const REFERENCE_COLUMNS_MAX = 20;
/** Largest CSV text accepted by import, in UTF-8 bytes. */
export const REFERENCE_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const REFERENCE_IMPORT_MODES = ['create', 'append', 'replace'] as const;
export type ReferenceImportMode = (typeof REFERENCE_IMPORT_MODES)[number];

export const referenceMessage = {
  valueTooLong: () => formatMessage(M.valueTooLong, { max: REFERENCE_VALUE_MAX_LENGTH }),
  duplicateValue: (value: string) => formatMessage(M.duplicateValue, { value }),
  tooManyValues: () => formatMessage(M.tooManyValues, { max: REFERENCE_VALUES_MAX }),
  unknownColumn: (column: string) => formatMessage(M.unknownColumn, { column }),
  tooManyColumns: () => formatMessage(M.tooManyColumns, { max: REFERENCE_COLUMNS_MAX }),
  duplicateColumn: (column: string) => formatMessage(M.duplicateColumn, { column }),
  csvTooManyRows: () => formatMessage(M.csvTooManyRows, { max: REFERENCE_VALUES_MAX }),
  csvUnreadable: (line: number) => formatMessage(M.csvUnreadable, { line }),
  csvValueMissing: (row: number) => formatMessage(M.csvValueMissing, { row }),
  csvValueTooLong: (row: number) =>
    formatMessage(M.csvValueTooLong, { row, max: REFERENCE_VALUE_MAX_LENGTH }),
  csvRowTooWide: (row: number) => formatMessage(M.csvRowTooWide, { row }),
  imported: (imported: number, skipped: number) => formatMessage(M.imported, { imported, skipped }),
};

/**
 * How two values compare for "no duplicates in one list": trimmed and ignoring case, the way names
 * compare everywhere else in the product ('Red' and 'red' in one dropdown are the same choice to people).
 */
export const referenceValueKey = (value: string) => value.trim().toLocaleLowerCase('en');

/** The first value that repeats an earlier one (by referenceValueKey), with its position. */
export function findDuplicateValue(values: readonly string[]): { index: number; value: string } | null {
  const seen = new Set<string>();
  for (const [index, value] of values.entries()) {
    const key = referenceValueKey(value);
    if (seen.has(key)) return { index, value: value.trim() };
    seen.add(key);
  }
  return null;
}

/** A value: required once trimmed, at most 500 characters; stored trimmed. */
export function validateReferenceValue(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return M.valueRequired;
  if (codePointLength(trimmed) > REFERENCE_VALUE_MAX_LENGTH) return referenceMessage.valueTooLong();
  return null;
}

/** Comma-joined category names (spec §3) or an array of them → distinct trimmed names, in order. */
export function splitCategories(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input;
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of parts) {
    const name = part.trim();
    const key = name.toLocaleLowerCase('en');
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

// ---- rules ----

/** A name (key_name, category, column): required, then the spec §5 name rules; stored trimmed at the end. */
const nameRule = z
  .string({ error: MESSAGES.required })
  // A cheap bound before the code-point count; anything this long fails the 40 rule anyway.
  .max(NAME_MAX_LENGTH * 4, MESSAGES.nameTooLong)
  .refine((value) => value.trim() !== '', { message: MESSAGES.required, abort: true })
  .check(refineWith((value) => validateName(value)))
  .transform((value) => value.trimEnd());

export const keyNameRule = nameRule;
export const referenceCategoryNameRule = nameRule;

const descriptionRule = z
  .string()
  .max(DESCRIPTION_MAX_LENGTH * 4, MESSAGES.descriptionTooLong)
  .check(refineWith(validateDescription))
  .transform((value) => value.trimEnd());

export const referenceValueRule = z
  .string({ error: M.valueRequired })
  .max(REFERENCE_VALUE_MAX_LENGTH * 4, referenceMessage.valueTooLong())
  .check(refineWith(validateReferenceValue))
  .transform((value) => value.trim());

/** Category names, comma-joined (spec §3) or as an array; each follows the name rules. */
const categoriesRule = z
  .union([z.string().max(4000), z.array(z.string().max(NAME_MAX_LENGTH * 4)).max(100)])
  .transform((input, ctx) => {
    const names = splitCategories(input);
    for (const name of names) {
      const message = validateName(name);
      if (message) ctx.issues.push({ code: 'custom', message, input });
    }
    return names;
  });

/** Extra columns: names by the name rules, distinct ignoring case, at most 20. */
const columnsRule = z
  .array(nameRule)
  .max(REFERENCE_COLUMNS_MAX, referenceMessage.tooManyColumns())
  .superRefine((columns, ctx) => {
    const seen = new Set<string>();
    for (const column of columns) {
      const key = column.trim().toLocaleLowerCase('en');
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: referenceMessage.duplicateColumn(column) });
      seen.add(key);
    }
  });

/** Values of the extra columns, by column name (the service checks the names against the list's). */
const rowDataRule = z
  .record(
    z.string().max(NAME_MAX_LENGTH * 4),
    z.string().max(REFERENCE_VALUE_MAX_LENGTH * 4, referenceMessage.valueTooLong()),
  )
  .refine((data) => Object.keys(data).length <= REFERENCE_COLUMNS_MAX, referenceMessage.tooManyColumns());

const idRule = z.string().max(64);

/** Values of one list, with a field error on each repeated value naming it. */
const valuesRule = <T extends { value: string }>(item: z.ZodType<T>) =>
  z
    .array(item, { error: MESSAGES.required })
    .max(REFERENCE_VALUES_MAX, referenceMessage.tooManyValues())
    .superRefine((values, ctx) => {
      const duplicate = findDuplicateValue(values.map((entry) => entry.value));
      if (duplicate) {
        ctx.addIssue({
          code: 'custom',
          path: [duplicate.index, 'value'],
          message: referenceMessage.duplicateValue(duplicate.value),
        });
      }
    });

// ---- lists ----

export const referenceListQuerySchema = z.object({
  /** Matches key_name or description, ignoring case; the sidebar-search character rule applies. */
  search: z.string().trim().max(200).check(refineWith(validateSearch)).default(''),
  /** Only lists filed under this category (ignoring case). */
  category: z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH * 4)
    .default(''),
});
export type ReferenceListQuery = z.input<typeof referenceListQuerySchema>;
export type ReferenceListFilter = z.output<typeof referenceListQuerySchema>;

export const referenceListSummarySchema = z.object({
  id: z.string(),
  key_name: z.string(),
  /** Category names joined with commas (spec §3). */
  categories: z.string(),
  description: z.string(),
  value_count: z.number().int(),
  modified_at: z.string(),
});
export type ReferenceListSummary = z.infer<typeof referenceListSummarySchema>;
export const referenceListSummariesResponseSchema = envelope(z.array(referenceListSummarySchema));

export const referenceRowSchema = z.object({
  row_id: z.string(),
  value: z.string(),
  data: z.record(z.string(), z.string()),
  order_index: z.number().int(),
});
export type ReferenceRow = z.infer<typeof referenceRowSchema>;

export const referenceListDetailSchema = z.object({
  id: z.string(),
  key_name: z.string(),
  categories: z.string(),
  description: z.string(),
  /** Extra named dataset columns beyond the value. */
  columns: z.array(z.string()),
  /** The items in order (spec §7 "items come in data.values"). */
  values: z.array(referenceRowSchema),
  created_at: z.string(),
  modified_at: z.string(),
});
export type ReferenceListDetail = z.infer<typeof referenceListDetailSchema>;
export const referenceListDetailResponseSchema = envelope(referenceListDetailSchema);

export const referenceIdQuerySchema = z.object({ id: idRule });

/** POST save: without id it creates a list, with id it replaces that list's fields and values. */
export const saveReferenceListBodySchema = z.object({
  // Any string: an id that is not one of this tenant's lists is a 404, whatever its shape.
  id: idRule.optional(),
  key_name: keyNameRule,
  categories: categoriesRule.default([]),
  description: descriptionRule.default(''),
  /** Left out, the list keeps its columns (a new list has none). */
  columns: columnsRule.optional(),
  /** Every value in order: order_index follows the position. Rows without row_id are new. */
  values: valuesRule(
    z.object({ row_id: idRule.optional(), value: referenceValueRule, data: rowDataRule.optional() }),
  ),
});
export type SaveReferenceListBody = z.input<typeof saveReferenceListBodySchema>;
export type SaveReferenceListCommand = z.output<typeof saveReferenceListBodySchema>;

/** Adds return data.record_id (spec §7). */
export const recordIdResponseSchema = envelope(z.object({ record_id: z.string() }));

export const deleteReferenceListBodySchema = z.object({ id: idRule });
export const deleteReferenceListResponseSchema = envelope(z.object({ id: z.string() }));

// ---- categories ----

export const referenceCategorySchema = z.object({ id: z.string(), category_name: z.string() });
export type ReferenceCategory = z.infer<typeof referenceCategorySchema>;
export const referenceCategoriesResponseSchema = envelope(z.array(referenceCategorySchema));
export const addReferenceCategoryBodySchema = z.object({ category_name: referenceCategoryNameRule });
export type AddReferenceCategoryBody = z.input<typeof addReferenceCategoryBodySchema>;
export const addReferenceCategoryResponseSchema = envelope(
  referenceCategorySchema.extend({ record_id: z.string() }),
);

// ---- datasets and rows ----

/** A permissible list entry (spec §3): what pickers show. */
export const referenceDatasetEntrySchema = z.object({ id: z.string(), key_name: z.string() });
export type ReferenceDatasetEntry = z.infer<typeof referenceDatasetEntrySchema>;
export const referenceDatasetListResponseSchema = envelope(z.array(referenceDatasetEntrySchema));

export const referenceDatasetSchema = z.object({
  id: z.string(),
  key_name: z.string(),
  columns: z.array(z.string()),
  rows: z.array(referenceRowSchema),
});
export type ReferenceDataset = z.infer<typeof referenceDatasetSchema>;
export const referenceDatasetResponseSchema = envelope(referenceDatasetSchema);

/** Spec §3 data table request over one list's rows; columns and filters are accepted and ignored. */
export const referenceRowTableRequestSchema = z.object({
  id: idRule,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  length: z.literal(PAGE_SIZES, { error: M.invalidPageSize }).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).check(refineWith(validateSearch)).default(''),
  /** column: value, order_index, or one of the list's extra columns (else 400). */
  orders: z
    .array(
      z.object({
        column: z.string().max(NAME_MAX_LENGTH * 4),
        dir: z.enum(['asc', 'desc'], { error: M.invalidSortDirection }),
      }),
    )
    .max(3)
    .default([{ column: 'order_index', dir: 'asc' }]),
  columns: z.array(z.unknown()).optional(),
  filters: z.array(z.unknown()).optional(),
});
export type ReferenceRowTableRequest = z.input<typeof referenceRowTableRequestSchema>;
export type ReferenceRowTableQuery = z.output<typeof referenceRowTableRequestSchema>;
export const referenceRowTableResponseSchema = envelope(
  z.object({
    records: z.array(referenceRowSchema),
    recordsTotal: z.number().int(),
    recordsFiltered: z.number().int(),
  }),
);

export const addReferenceRowBodySchema = z.object({
  id: idRule,
  value: referenceValueRule,
  data: rowDataRule.optional(),
});
export type AddReferenceRowBody = z.input<typeof addReferenceRowBodySchema>;
export const addReferenceRowResponseSchema = envelope(referenceRowSchema.extend({ record_id: z.string() }));

/**
 * POST batch, one transaction: deletes, then updates, then `order` (existing row ids in their new
 * order; rows left out follow in their current order), then `added` at the end in the given order.
 */
export const referenceRowBatchBodySchema = z.object({
  id: idRule,
  added: valuesRule(z.object({ value: referenceValueRule, data: rowDataRule.optional() })).default([]),
  updated: z
    .array(z.object({ row_id: idRule, value: referenceValueRule.optional(), data: rowDataRule.optional() }))
    .max(REFERENCE_VALUES_MAX, referenceMessage.tooManyValues())
    .default([]),
  deleted: z.array(idRule).max(REFERENCE_VALUES_MAX, referenceMessage.tooManyValues()).default([]),
  order: z.array(idRule).max(REFERENCE_VALUES_MAX, referenceMessage.tooManyValues()).optional(),
});
export type ReferenceRowBatchBody = z.input<typeof referenceRowBatchBodySchema>;
export type ReferenceRowBatchCommand = z.output<typeof referenceRowBatchBodySchema>;

export const referenceDataByKeyQuerySchema = z.object({
  /** The list's key_name (ignoring case) or its id. */
  key: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(200),
});
export const referenceValueSchema = z.object({
  row_id: z.string(),
  value: z.string(),
  order_index: z.number().int(),
});
export type ReferenceValue = z.infer<typeof referenceValueSchema>;
export const referenceValuesResponseSchema = envelope(z.array(referenceValueSchema));

// ---- CSV import ----

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

export const importReferenceCsvBodySchema = z
  .object({
    mode: z.enum(REFERENCE_IMPORT_MODES, { error: M.invalidMode }).default('create'),
    /** Required to create; ignored when appending to or replacing an existing list. */
    key_name: keyNameRule.optional(),
    listId: idRule.optional(),
    categories: categoriesRule.default([]),
    description: descriptionRule.default(''),
    hasHeader: z.boolean().default(true),
    csv: z
      .string({ error: MESSAGES.required })
      .refine(
        (text) => text.length <= REFERENCE_CSV_MAX_BYTES && utf8Length(text) <= REFERENCE_CSV_MAX_BYTES,
        {
          message: M.csvTooLarge,
        },
      ),
  })
  .superRefine((body, ctx) => {
    if (body.mode === 'create' && body.key_name === undefined) {
      ctx.addIssue({ code: 'custom', path: ['key_name'], message: MESSAGES.required });
    }
    if (body.mode !== 'create' && body.listId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['listId'], message: M.listRequired });
    }
  });
export type ImportReferenceCsvBody = z.input<typeof importReferenceCsvBodySchema>;
export type ImportReferenceCsvCommand = z.output<typeof importReferenceCsvBodySchema>;

export const importReferenceCsvResultSchema = z.object({
  record_id: z.string(),
  imported: z.number().int(),
  skipped: z.number().int(),
  columns: z.array(z.string()),
});
export type ImportReferenceCsvResult = z.infer<typeof importReferenceCsvResultSchema>;
export const importReferenceCsvResponseSchema = envelope(importReferenceCsvResultSchema);
