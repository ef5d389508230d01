// The form editor's state machine: every change of the form is one step that undo and redo walk
// through (at most HISTORY_LIMIT); selecting and saving are not steps. Ids for new rows and empty
// cells come from `newId`, and ids of new fields and sections come with the action, so the reducer
// stays a pure function that tests drive with fixed ids.
import {
  createField,
  DEFAULT_FIELD_NAME,
  isEmptyCell,
  machineNameFor,
  type FormField,
  type FormLayout,
  type LayoutSection,
} from '@formloop/domain';
import type { WorkflowDefinition } from '@formloop/workflow';
import {
  COALESCE_MS,
  DEFAULT_TABLE_ROWS,
  HISTORY_LIMIT,
  type EditorAction,
  type EditorDoc,
  type EditorState,
  type SectionPatch,
} from './editor-types.ts';
import {
  allFields,
  clampWidth,
  detachCell,
  fieldNames,
  findCell,
  findField,
  insertCell,
  mapCell,
  mapSection,
  moveCell,
  normalizeSection,
  nudgeCell,
} from './layout-ops.ts';
import { copyRules, dropActivities, dropRules, renameRules } from './permission-ops.ts';

/** A new section's machine name: section_1, section_2 … (unique in the form). */
export function nextSectionName(layout: FormLayout): string {
  const taken = new Set(layout.sections.map((section) => section.name));
  let n = layout.sections.length + 1;
  while (taken.has(`section_${n}`)) n += 1;
  return `section_${n}`;
}

export function createEditorState(doc: EditorDoc): EditorState {
  return { doc, past: [], future: [], saved: doc, selection: null, autoNamed: [], lastEdit: null };
}

/** Records a new doc as one undo step (or folds it into the last one when `coalesce` repeats within COALESCE_MS). */
function commit(state: EditorState, doc: EditorDoc, coalesce?: { key: string; at: number }): EditorState {
  if (doc === state.doc) return state;
  const fold =
    coalesce !== undefined &&
    state.lastEdit?.key === coalesce.key &&
    coalesce.at - state.lastEdit.at < COALESCE_MS &&
    state.past.length > 0;
  return {
    ...state,
    doc,
    past: fold ? state.past : [...state.past, state.doc].slice(-HISTORY_LIMIT),
    future: [],
    lastEdit: coalesce ?? null,
  };
}

const withLayout = (state: EditorState, layout: FormLayout, extra: Partial<EditorDoc> = {}): EditorDoc =>
  layout === state.doc.layout && Object.keys(extra).length === 0
    ? state.doc
    : { ...state.doc, layout, ...extra };

export function makeEditorReducer(newId: () => string) {
  return function editorReducer(state: EditorState, action: EditorAction): EditorState {
    const { layout, permission } = state.doc;
    switch (action.type) {
      case 'addField': {
        const name = machineNameFor(DEFAULT_FIELD_NAME, fieldNames(layout));
        const field = createField(action.fieldType, action.id, name);
        const next = insertCell(layout, field, action.target, newId);
        if (next === layout) return state;
        return {
          ...commit(state, withLayout(state, next)),
          selection: { kind: 'field', id: field.id },
          autoNamed: [...state.autoNamed, field.id],
        };
      }
      case 'moveField':
        return commit(state, withLayout(state, moveCell(layout, action.id, action.target, newId)));
      case 'nudgeField':
        return commit(state, withLayout(state, nudgeCell(layout, action.id, action.direction, newId)));
      case 'resizeCell': {
        const at = findCell(layout, action.id);
        const width = clampWidth(action.width);
        if (!at || at.cell.columnWidth === width) return state;
        const resized = mapCell(layout, action.id, (cell) => ({ ...cell, columnWidth: width }));
        const next = mapSection(resized, at.section.id, (section) => normalizeSection(section, newId));
        return commit(state, withLayout(state, next));
      }
      case 'deleteCell': {
        const detached = detachCell(layout, action.id);
        if (!detached) return state;
        const { from } = detached;
        const next = mapSection(detached.layout, from.section.id, (section) =>
          normalizeSection(section, newId),
        );
        const rules = isEmptyCell(from.cell)
          ? permission
          : dropRules(permission, 'fields', new Set([from.cell.name]));
        return {
          ...commit(state, withLayout(state, next, { permission: rules })),
          selection: state.selection?.id === action.id ? null : state.selection,
          autoNamed: state.autoNamed.filter((id) => id !== action.id),
        };
      }
      case 'duplicateField': {
        const at = findCell(layout, action.id);
        if (!at || isEmptyCell(at.cell)) return state;
        const name = machineNameFor(at.cell.fieldName, fieldNames(layout));
        const copy: FormField = { ...structuredClone(at.cell), id: action.newId, name };
        const target = {
          sectionId: at.section.id,
          place: 'row' as const,
          rowId: at.row.id,
          index: at.cellIndex + 1,
        };
        const next = insertCell(layout, copy, target, newId);
        return {
          ...commit(
            state,
            withLayout(state, next, { permission: copyRules(permission, at.cell.name, name) }),
          ),
          selection: { kind: 'field', id: copy.id },
          autoNamed: [...state.autoNamed, copy.id],
        };
      }
      case 'updateField':
        return updateField(state, action.id, action.patch, action.at, newId);
      case 'addSection': {
        const section: LayoutSection = {
          id: action.id,
          name: nextSectionName(layout),
          displayName: action.displayName,
          isTable: false,
          minimumRowCount: 0,
          maximumRowCount: 0,
          rows: [],
        };
        const sections = [...layout.sections];
        sections.splice(action.index ?? sections.length, 0, section);
        return {
          ...commit(state, withLayout(state, { ...layout, sections })),
          selection: { kind: 'section', id: section.id },
        };
      }
      case 'updateSection':
        return updateSection(state, action.id, action.patch, action.at);
      case 'deleteSection': {
        const section = layout.sections.find((candidate) => candidate.id === action.id);
        if (!section) return state;
        const names = new Set(allFields({ sections: [section] }).map(({ field }) => field.name));
        const rules = dropRules(
          dropRules(permission, 'fields', names),
          'fieldGroups',
          new Set([section.name]),
        );
        const sections = layout.sections.filter((candidate) => candidate.id !== action.id);
        return {
          ...commit(state, withLayout(state, { ...layout, sections }, { permission: rules })),
          selection: null,
        };
      }
      case 'moveSection': {
        const from = layout.sections.findIndex((section) => section.id === action.id);
        const to = Math.max(0, Math.min(action.toIndex, layout.sections.length - 1));
        if (from < 0 || from === to) return state;
        const sections = [...layout.sections];
        const [moved] = sections.splice(from, 1);
        sections.splice(to, 0, moved as LayoutSection);
        return commit(state, withLayout(state, { ...layout, sections }));
      }
      case 'setTable': {
        const next = mapSection(layout, action.id, (section) => {
          if (section.isTable === action.isTable) return section;
          const limits = action.isTable
            ? section.maximumRowCount > 0
              ? {}
              : DEFAULT_TABLE_ROWS
            : { minimumRowCount: 0, maximumRowCount: 0 };
          return normalizeSection({ ...section, ...limits, isTable: action.isTable }, newId);
        });
        return commit(state, withLayout(state, next));
      }
      case 'addEmptyCell': {
        const section = layout.sections.find((candidate) => candidate.id === action.sectionId);
        if (!section || section.isTable) return state;
        const cell = { id: action.id, fieldType: 'empty-col' as const, columnWidth: 4 };
        const target = action.rowId
          ? {
              sectionId: section.id,
              place: 'row' as const,
              rowId: action.rowId,
              index: Number.MAX_SAFE_INTEGER,
            }
          : { sectionId: section.id, place: 'end' as const };
        return commit(state, withLayout(state, insertCell(layout, cell, target, newId)));
      }
      case 'setPermission':
        return commit(state, { ...state.doc, permission: action.permission });
      case 'setDefaultConfig':
        return commit(state, { ...state.doc, defaultConfig: action.defaultConfig });
      case 'setWorkflow':
        return setWorkflow(state, action.workflow, action.edit);
      case 'select':
        return { ...state, selection: action.selection, lastEdit: null };
      case 'undo': {
        const previous = state.past[state.past.length - 1];
        if (!previous) return state;
        return {
          ...state,
          doc: previous,
          past: state.past.slice(0, -1),
          future: [state.doc, ...state.future],
          lastEdit: null,
        };
      }
      case 'redo': {
        const [next, ...rest] = state.future;
        if (!next) return state;
        return {
          ...state,
          doc: next,
          past: [...state.past, state.doc].slice(-HISTORY_LIMIT),
          future: rest,
          lastEdit: null,
        };
      }
      case 'saved':
        return { ...state, saved: action.doc };
      default:
        return state;
    }
  };
}

/** A settings edit. While a new field's machine name was never typed, it follows the label. */
function updateField(
  state: EditorState,
  id: string,
  patch: Partial<FormField>,
  at: number | undefined,
  newId: () => string,
): EditorState {
  const field = findField(state.doc.layout, id);
  if (!field) return state;
  const change: Partial<FormField> = { ...patch };
  let autoNamed = state.autoNamed;
  if (change.name !== undefined) {
    autoNamed = autoNamed.filter((candidate) => candidate !== id);
  } else if (change.fieldName !== undefined && autoNamed.includes(id)) {
    change.name = machineNameFor(change.fieldName, fieldNames(state.doc.layout, id));
  }
  if (change.columnWidth !== undefined) change.columnWidth = clampWidth(change.columnWidth);
  const layout = mapCell(state.doc.layout, id, (cell) => ({ ...cell, ...change }) as FormField);
  const renamed = change.name !== undefined && change.name !== field.name;
  const permission = renamed
    ? renameRules(state.doc.permission, 'fields', field.name, change.name as string)
    : state.doc.permission;
  const place = findCell(layout, id);
  const tidy =
    change.columnWidth !== undefined && place
      ? mapSection(layout, place.section.id, (section) => normalizeSection(section, newId))
      : layout;
  return {
    ...commit(state, { ...state.doc, layout: tidy, permission }, editKey('field', id, patch, at)),
    autoNamed,
  };
}

function updateSection(state: EditorState, id: string, patch: SectionPatch, at?: number): EditorState {
  const section = state.doc.layout.sections.find((candidate) => candidate.id === id);
  if (!section) return state;
  const layout = mapSection(state.doc.layout, id, (current) => ({ ...current, ...patch }));
  const permission =
    patch.name !== undefined
      ? renameRules(state.doc.permission, 'fieldGroups', section.name, patch.name)
      : state.doc.permission;
  return commit(state, { ...state.doc, layout, permission }, editKey('section', id, patch, at));
}

/** A new workflow; the field permissions of activities it no longer has are dropped with them. */
function setWorkflow(state: EditorState, workflow: WorkflowDefinition, edit?: { key: string; at: number }) {
  if (workflow === state.doc.workflow) return state;
  const kept = new Set(workflow.activities.map((activity) => activity.activityId));
  const gone = new Set(
    state.doc.workflow.activities.map((activity) => activity.activityId).filter((id) => !kept.has(id)),
  );
  const permission = dropActivities(state.doc.permission, gone);
  const coalesce = edit ? { key: `workflow:${edit.key}`, at: edit.at } : undefined;
  return commit(state, { ...state.doc, workflow, permission }, coalesce);
}

/** Edits that carry a time fold together when they touch the same settings of the same thing. */
const editKey = (kind: string, id: string, patch: object, at: number | undefined) =>
  at === undefined ? undefined : { key: `${kind}:${id}:${Object.keys(patch).sort().join(',')}`, at };
