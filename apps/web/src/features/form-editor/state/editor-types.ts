import type {
  ActivityPermission,
  FieldType,
  FormDefaultConfig,
  FormField,
  FormLayout,
  LayoutSection,
} from '@formloop/domain';
import type { WorkflowDefinition } from '@formloop/workflow';

/**
 * What undo/redo walks through and what a save sends: the layout, the field permissions, the form
 * settings and the draft workflow.
 */
export interface EditorDoc {
  layout: FormLayout;
  permission: ActivityPermission[];
  defaultConfig: FormDefaultConfig;
  workflow: WorkflowDefinition;
}

export type Selection = { kind: 'field'; id: string } | { kind: 'section'; id: string } | null;

export interface EditorState {
  doc: EditorDoc;
  past: EditorDoc[];
  future: EditorDoc[];
  /** The doc the server holds (the last one loaded or saved): the page is dirty while doc differs. */
  saved: EditorDoc;
  selection: Selection;
  /** Ids of fields (added in this session) whose machine name still follows their label. */
  autoNamed: readonly string[];
  /** The last setting edit, so typing in one box becomes one undo step. */
  lastEdit: { key: string; at: number } | null;
}

/**
 * Where a field goes: into a row before `index`; a new row at `rowIndex` of a section; or the end
 * of a section (the last row when the field fits there, else a new row).
 */
export type DropTarget =
  | { sectionId: string; place: 'row'; rowId: string; index: number }
  | { sectionId: string; place: 'newRow'; rowIndex: number }
  | { sectionId: string; place: 'end' };

export type NudgeDirection = 'up' | 'down' | 'left' | 'right';

export type SectionPatch = Partial<
  Pick<LayoutSection, 'displayName' | 'name' | 'minimumRowCount' | 'maximumRowCount'>
>;

export type EditorAction =
  | { type: 'addField'; fieldType: FieldType; target: DropTarget; id: string }
  | { type: 'moveField'; id: string; target: DropTarget }
  | { type: 'nudgeField'; id: string; direction: NudgeDirection }
  | { type: 'resizeCell'; id: string; width: number }
  | { type: 'deleteCell'; id: string }
  | { type: 'duplicateField'; id: string; newId: string }
  | { type: 'updateField'; id: string; patch: Partial<FormField>; at?: number }
  | { type: 'addSection'; id: string; displayName: string; index?: number }
  | { type: 'updateSection'; id: string; patch: SectionPatch; at?: number }
  | { type: 'deleteSection'; id: string }
  | { type: 'moveSection'; id: string; toIndex: number }
  | { type: 'setTable'; id: string; isTable: boolean }
  | { type: 'addEmptyCell'; sectionId: string; rowId?: string; id: string }
  | { type: 'setPermission'; permission: ActivityPermission[] }
  | { type: 'setDefaultConfig'; defaultConfig: FormDefaultConfig }
  /** A designer edit; `edit` names what was edited so typing into one property is one undo step. */
  | { type: 'setWorkflow'; workflow: WorkflowDefinition; edit?: { key: string; at: number } }
  | { type: 'select'; selection: Selection }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; doc: EditorDoc };

/** Undo keeps at most this many steps. */
export const HISTORY_LIMIT = 100;
/** Edits of one setting closer together than this are one undo step. */
export const COALESCE_MS = 1000;
/** A table section that is switched on gets these row limits. */
export const DEFAULT_TABLE_ROWS = { minimumRowCount: 1, maximumRowCount: 10 } as const;
