/** Where the item editor sends people: the app's record list, and an entry's own address. */
export const listPath = (moduleId: string): string => `/module/${encodeURIComponent(moduleId)}`;

export const newEntryPath = (moduleId: string): string => `/item-editor/${encodeURIComponent(moduleId)}`;

export const entryPath = (moduleId: string, recordId: string, taskId?: string): string =>
  `${newEntryPath(moduleId)}/${encodeURIComponent(recordId)}${taskId ? `/${encodeURIComponent(taskId)}` : ''}`;
