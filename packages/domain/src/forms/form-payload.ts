// Mapping between the editor's layout and the spec's form payload (spec §3): sections become groups
// (sectionIndex, orderIndex), each cell becomes a field placed by rowIndex and columnIndex; table
// groups carry isTable and headers; empty cells are dropped and come back from the gaps in
// columnIndex; the legacy editorType 'remoteurl' reads as 'remote-lookup'.
import { DEFAULT_FIELD_COLUMN_WIDTH } from '../constants.ts';
import { FIELD_CATALOGUE, isFieldType, type FieldType, type FormField } from './field-catalogue.ts';
import {
  GRID_COLUMNS,
  isEmptyCell,
  type FormLayout,
  type FormPayload,
  type LayoutCell,
  type LayoutRow,
  type LayoutSection,
  type PayloadField,
  type PayloadGroup,
} from './form-model.ts';

/** Editor types older forms used for today's field types. */
const LEGACY_EDITOR_TYPES: Readonly<Record<string, FieldType>> = { remoteurl: 'remote-lookup' };

/** The field type an editorType names, or null when it names none (such as 'empty-col'). */
export function fieldTypeOfEditorType(editorType: string): FieldType | null {
  const normalised = editorType.trim().toLowerCase();
  const legacy = LEGACY_EDITOR_TYPES[normalised];
  if (legacy) return legacy;
  return isFieldType(normalised) ? normalised : null;
}

const clampWidth = (width: unknown): number => {
  const n =
    typeof width === 'number' && Number.isFinite(width) ? Math.round(width) : DEFAULT_FIELD_COLUMN_WIDTH;
  return Math.min(GRID_COLUMNS, Math.max(1, n));
};

/** The editor layout → the payload SaveForm sends. Order follows the layout. */
export function toFormPayload(
  layout: FormLayout,
  meta: { formName: string; displayName: string; isPublished: boolean },
): FormPayload {
  return {
    ...meta,
    fieldGroups: layout.sections.map((section, sectionIndex) => toGroup(section, sectionIndex)),
  };
}

function toGroup(section: LayoutSection, sectionIndex: number): PayloadGroup {
  const fields: PayloadField[] = [];
  section.rows.forEach((row, rowIndex) => {
    let columnIndex = 0;
    for (const cell of row.cells) {
      const width = clampWidth(cell.columnWidth);
      if (!isEmptyCell(cell)) {
        fields.push({
          ...cell,
          columnWidth: width,
          displayName: cell.fieldName,
          label: cell.fieldName,
          editorType: cell.fieldType,
          // A table is one row of columns: its fields are numbered along it, whatever the editor rows.
          rowIndex: section.isTable ? 0 : rowIndex,
          columnIndex: section.isTable ? fields.length : columnIndex,
          isTable: section.isTable,
        });
      }
      columnIndex += width;
    }
  });
  if (section.isTable) {
    const headers = fields.map((field) => field.label);
    fields.forEach((field) => (field.headers = headers));
  }
  return {
    displayName: section.displayName,
    sectionIndex,
    name: section.name,
    orderIndex: sectionIndex,
    isTable: section.isTable,
    minimumRowCount: section.isTable ? Math.max(0, section.minimumRowCount) : 0,
    maximumRowCount: section.isTable ? Math.max(0, section.maximumRowCount) : 0,
    fields,
  };
}

/**
 * A stored payload → the editor layout: groups in orderIndex order, each group's fields into rows by
 * rowIndex and along the row by columnIndex, gaps restored as empty cells. Fields whose editorType
 * names no field type are dropped. `newId` makes ids for rows and gaps (never persisted).
 */
export function fromFormPayload(payload: Pick<FormPayload, 'fieldGroups'>, newId: () => string): FormLayout {
  const groups = [...payload.fieldGroups].sort(
    (a, b) => a.orderIndex - b.orderIndex || a.sectionIndex - b.sectionIndex,
  );
  return { sections: groups.map((group) => toSection(group, newId)) };
}

function toSection(group: PayloadGroup, newId: () => string): LayoutSection {
  const byRow = new Map<number, PayloadField[]>();
  for (const field of group.fields) {
    const type = fieldTypeOfEditorType(String(field.editorType ?? field.fieldType ?? ''));
    if (type === null) continue;
    const rowIndex = group.isTable ? 0 : Number.isInteger(field.rowIndex) ? field.rowIndex : 0;
    const list = byRow.get(rowIndex) ?? [];
    list.push({ ...field, fieldType: type });
    byRow.set(rowIndex, list);
  }
  const rows: LayoutRow[] = [...byRow.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, fields]) => ({ id: newId(), cells: placeInRow(fields, Boolean(group.isTable), newId) }));
  return {
    id: newId(),
    name: group.name,
    displayName: group.displayName,
    isTable: Boolean(group.isTable),
    minimumRowCount: group.minimumRowCount ?? 0,
    maximumRowCount: group.maximumRowCount ?? 0,
    rows,
  };
}

function placeInRow(fields: PayloadField[], isTable: boolean, newId: () => string): LayoutCell[] {
  const cells: LayoutCell[] = [];
  let at = 0;
  for (const field of [...fields].sort((a, b) => a.columnIndex - b.columnIndex)) {
    const start = Number.isInteger(field.columnIndex) ? field.columnIndex : at;
    if (!isTable && start > at && start < GRID_COLUMNS) {
      cells.push({ id: newId(), fieldType: 'empty-col', columnWidth: start - at });
      at = start;
    }
    const cell = toFormField(field);
    cells.push(cell);
    at += cell.columnWidth;
  }
  return cells;
}

/** The payload-only keys of a field removed, the catalogue defaults restored for missing settings. */
function toFormField(field: PayloadField): FormField {
  const {
    displayName: _displayName,
    label,
    editorType: _editorType,
    rowIndex: _rowIndex,
    columnIndex: _columnIndex,
    isTable: _isTable,
    headers: _headers,
    ...rest
  } = field;
  const defaults = structuredClone(FIELD_CATALOGUE[field.fieldType].defaults);
  return {
    ...defaults,
    ...rest,
    fieldName: rest.fieldName ?? label,
    columnWidth: clampWidth(rest.columnWidth),
  };
}

/** Every field of a payload with its group, in form order. */
export function payloadFields(
  payload: Pick<FormPayload, 'fieldGroups'>,
): { group: PayloadGroup; field: PayloadField }[] {
  return payload.fieldGroups.flatMap((group) => group.fields.map((field) => ({ group, field })));
}
