// Where the tasks feature links to (spec §2 routes).

export const TASKS_PATH = '/tasks';

/** A task opened on its record: /task-editor/{moduleId}/{recordId}/{taskId}. */
export const taskEditorPath = (moduleId: string, recordId: string, taskId: string): string =>
  `/task-editor/${encodeURIComponent(moduleId)}/${encodeURIComponent(recordId)}/${encodeURIComponent(taskId)}`;
