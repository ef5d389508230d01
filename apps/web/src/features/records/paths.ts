// Where the record list links to (spec §2 routes).

/** The item editor: a new entry, or an existing one (drafts too). */
export const itemEditorPath = (moduleId: string, recordId?: string) =>
  recordId
    ? `/item-editor/${encodeURIComponent(moduleId)}/${encodeURIComponent(recordId)}`
    : `/item-editor/${encodeURIComponent(moduleId)}`;

export const APPLICATIONS_PATH = '/applications';
