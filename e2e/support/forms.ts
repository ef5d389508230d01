import {
  createField,
  type FieldType,
  type FormField,
  type PayloadField,
  type PayloadGroup,
} from '@formloop/domain';
import type { Api } from './api.ts';

// App definitions for journeys that start from a published app (the builder's screens have their
// own journey): fields as the form editor creates them, placed on rows, saved and published
// through the Editor API.

export function field(
  type: FieldType,
  name: string,
  label: string,
  extra: Partial<FormField> = {},
): FormField {
  return { ...createField(type, `f-${name}`, name), fieldName: label, ...extra };
}

const place = (f: FormField, rowIndex: number, columnIndex: number, isTable: boolean): PayloadField => ({
  ...f,
  displayName: f.fieldName,
  label: f.fieldName,
  editorType: f.fieldType,
  rowIndex,
  columnIndex,
  isTable,
});

/** A section: each inner array is a row, placed left to right on the 12-column grid. */
export function section(name: string, title: string, rows: FormField[][], index: number): PayloadGroup {
  return {
    displayName: title,
    sectionIndex: index,
    name,
    orderIndex: index,
    isTable: false,
    minimumRowCount: 0,
    maximumRowCount: 0,
    fields: rows.flatMap((row, rowIndex) => {
      let at = 0;
      return row.map((f) => {
        const placed = place(f, rowIndex, at, false);
        at += f.columnWidth;
        return placed;
      });
    }),
  };
}

export function table(
  name: string,
  title: string,
  columns: FormField[],
  index: number,
  min = 0,
  max = 0,
): PayloadGroup {
  const headers = columns.map((column) => column.fieldName);
  return {
    displayName: title,
    sectionIndex: index,
    name,
    orderIndex: index,
    isTable: true,
    minimumRowCount: min,
    maximumRowCount: max,
    fields: columns.map((column, i) => ({ ...place(column, 0, i, true), headers })),
  };
}

/** Creates an app, saves its form and publishes it; answers the app's id. */
export async function publishApp(api: Api, name: string, groups: PayloadGroup[]): Promise<string> {
  const { id } = await api.post<{ id: string }>('/api/form/Editor/CreateProcessFromScratch', { name });
  await api.post('/api/form/Editor/SaveForm', {
    id,
    data: { formName: name, displayName: name, isPublished: false, fieldGroups: groups },
  });
  await api.post('/api/form/Editor/publish', { id });
  return id;
}
