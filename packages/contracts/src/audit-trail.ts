import { z } from 'zod';
import { envelope } from './envelope.ts';

/** Spec §7 "Audit": these live outside /api, exactly as the spec names them. */
export const AUDIT_TRAIL_PATHS = {
  datatables: '/audittrail/datatables',
  entity: '/audittrail/entity/get',
} as const;

/** The page sizes the audit table offers; the server refuses any other. */
export const AUDIT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const AUDIT_SORT_COLUMNS = ['created_at', 'entity', 'action', 'user'] as const;
export const AUDIT_FILTER_FIELDS = ['user', 'entity', 'action', 'created_at'] as const;
/** The subset of the spec §3 filter operators that make sense over the audit log. */
export const AUDIT_FILTER_OPERATORS = ['eq', 'neq', 'contains', 'gte', 'lte'] as const;

export type AuditSortColumn = (typeof AUDIT_SORT_COLUMNS)[number];
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];
export type AuditFilterOperator = (typeof AUDIT_FILTER_OPERATORS)[number];

export const auditOrderSchema = z.object({
  column: z.enum(AUDIT_SORT_COLUMNS, { error: 'Unknown sort column.' }),
  dir: z.enum(['asc', 'desc'], { error: 'Sort direction must be asc or desc.' }),
});

export const auditFilterSchema = z
  .object({
    field: z.enum(AUDIT_FILTER_FIELDS, { error: 'Unknown filter field.' }),
    value: z.string().trim().min(1, { error: 'Filter value is required.' }).max(200),
    operator: z.enum(AUDIT_FILTER_OPERATORS, { error: 'Unsupported filter operator.' }),
    // Accepted for the spec's filter shape; audit filters on text always ignore case.
    ignoreCase: z.boolean().optional(),
    matchesAll: z.boolean().optional(),
  })
  .superRefine((filter, ctx) => {
    if (filter.field !== 'created_at') return;
    if (filter.operator === 'contains') {
      ctx.addIssue({ code: 'custom', path: ['operator'], message: 'Dates cannot be filtered by contains.' });
    } else if (Number.isNaN(Date.parse(filter.value))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter a valid date.' });
    }
  });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** Spec §3 "Data table request", as the audit table uses it (columns are accepted and ignored). */
export const auditDataTableRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  length: z
    .literal(AUDIT_PAGE_SIZES, { error: 'Page size must be 10, 20, 50 or 100.' })
    .default(AUDIT_PAGE_SIZES[0]),
  orders: z
    .array(auditOrderSchema)
    .max(4)
    .default([{ column: 'created_at', dir: 'desc' }]),
  search: z.string().trim().max(200).default(''),
  filters: z.array(auditFilterSchema).max(20).default([]),
  columns: z.array(z.unknown()).optional(),
});
export type AuditDataTableRequest = z.input<typeof auditDataTableRequestSchema>;

export const auditRecordSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  fullname: z.string().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  request_id: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditDataTableSchema = z.object({
  records: z.array(auditRecordSchema),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
  /** True when a count passed 100,000 rows and is the database's estimate, not an exact figure. */
  estimated: z.boolean(),
});
export type AuditDataTable = z.infer<typeof auditDataTableSchema>;
export const auditDataTableResponseSchema = envelope(auditDataTableSchema);

/** One field's change between before and after; `path` is dotted with [index] for arrays. */
export const auditDiffEntrySchema = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditDiffEntry = z.infer<typeof auditDiffEntrySchema>;

export const auditEntryQuerySchema = z.object({
  id: z.coerce
    .number({ error: 'Unknown audit entry.' })
    .int({ error: 'Unknown audit entry.' })
    .positive({ error: 'Unknown audit entry.' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'Unknown audit entry.' }),
});

/** One entry with its (redacted) before and after and the field-level diff between them. */
export const auditEntrySchema = auditRecordSchema.extend({
  before: z.unknown(),
  after: z.unknown(),
  diff: z.array(auditDiffEntrySchema),
});
export type AuditEntryDetail = z.infer<typeof auditEntrySchema>;
export const auditEntryResponseSchema = envelope(auditEntrySchema);
