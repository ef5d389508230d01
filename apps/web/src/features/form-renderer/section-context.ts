import type { PayloadGroup } from '@formloop/domain';
import type { DiagnosticLike } from './formula-errors.ts';
import type { FieldAccess, FormValues, TableRow } from './renderer-model.ts';

/** What the renderer hands every section: values, access, errors and the change callbacks. */
export interface SectionContext {
  values: FormValues;
  now: Date;
  /** Visibility and editability of a field of a group at the current activity (read-only form included). */
  access: (group: PayloadGroup, fieldName: string) => FieldAccess;
  /** The message to show for a value key, once it was touched (or when all errors are shown). */
  errorFor: (valueKey: string) => string | undefined;
  formulaErrors: Record<string, DiagnosticLike>;
  idFor: (valueKey: string) => string;
  /** A field value changed (valueKey is the field name or a table cell key). */
  onValue: (valueKey: string, value: unknown) => void;
  /** A cell of a table row changed. */
  onCell: (groupName: string, rowIndex: number, fieldName: string, value: unknown) => void;
  /** A table's rows changed (row added or removed). */
  onRows: (groupName: string, rows: TableRow[]) => void;
  readOnly: boolean;
}
