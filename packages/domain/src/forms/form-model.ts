// The form as the editor lays it out (sections → rows → cells on a 12-column grid) and as the spec's
// form payload carries it (spec §3 "Form payload": groups of fields placed by rowIndex/columnIndex).
import type { FieldControlLevel } from '../constants.ts';
import type { FormField } from './field-catalogue.ts';

export const GRID_COLUMNS = 12;

/** A gap in a row: kept in the editor so a field can sit to the right; never saved (spec §3). */
export interface EmptyCell {
  id: string;
  fieldType: 'empty-col';
  columnWidth: number;
}
export type LayoutCell = FormField | EmptyCell;

export const isEmptyCell = (cell: LayoutCell): cell is EmptyCell => cell.fieldType === 'empty-col';

export interface LayoutRow {
  id: string;
  cells: LayoutCell[];
}

/** A section of the form. A table section repeats its one row of fields per record row. */
export interface LayoutSection {
  id: string;
  /** Machine name of the group (unique in the form; a table's name in {table.column} formulas). */
  name: string;
  displayName: string;
  isTable: boolean;
  minimumRowCount: number;
  maximumRowCount: number;
  rows: LayoutRow[];
}

export interface FormLayout {
  sections: LayoutSection[];
}

/** A field in the saved payload: the catalogue settings plus its place in the group. */
export interface PayloadField extends FormField {
  displayName: string;
  label: string;
  editorType: string;
  rowIndex: number;
  columnIndex: number;
  isTable: boolean;
  /** Table groups: the column headers (labels of the group's fields), on every field of the table. */
  headers?: string[];
}

export interface PayloadGroup {
  displayName: string;
  sectionIndex: number;
  name: string;
  orderIndex: number;
  isTable: boolean;
  minimumRowCount: number;
  maximumRowCount: number;
  fields: PayloadField[];
}

/** Spec §3 form payload. */
export interface FormPayload {
  formName: string;
  displayName: string;
  isPublished: boolean;
  fieldGroups: PayloadGroup[];
}

/** Spec §3 field permission of one activity. */
export interface ActivityPermission {
  activityId: string;
  fields: { name: string; control: FieldControlLevel }[];
  fieldGroups: { name: string; control: FieldControlLevel }[];
}

/** Settings of the whole form kept with each version (spec: defaultConfig). */
export interface FormDefaultConfig {
  /** Record list columns shown by default (field names). */
  listColumns?: string[];
  /** Title template of a record, e.g. '{customer} – {amount}'. */
  recordTitle?: string;
  /**
   * "Fast filter fields": fields the builder wants indexed first (the record list's index plan,
   * ADR 0013; at most INDEX_CAP.btree are honoured).
   */
  indexedFields?: string[];
  [key: string]: unknown;
}

/** What module_draft and module_published hold (spec §3: fieldGroups, defaultConfig, permission). */
export interface ModuleDefinition {
  fieldGroups: PayloadGroup[];
  defaultConfig: FormDefaultConfig;
  permission: ActivityPermission[];
}

export const emptyModuleDefinition = (): ModuleDefinition => ({
  fieldGroups: [],
  defaultConfig: {},
  permission: [],
});
