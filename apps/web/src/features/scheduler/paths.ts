// Where the scheduler's pages live (spec §2 /schedule-editor/{moduleId}, /schedule-editor/{moduleId}/{recordId};
// the recordId of the second is the schedule's id).

/** The app's schedules. */
export const scheduleListPath = (moduleId: string) => `/schedule-editor/${encodeURIComponent(moduleId)}`;

/** One schedule of the app. */
export const scheduleEditorPath = (moduleId: string, scheduleId: string) =>
  `${scheduleListPath(moduleId)}/${encodeURIComponent(scheduleId)}`;

/** The app's records (the list the scheduler creates into). */
export const moduleListPath = (moduleId: string) => `/module/${encodeURIComponent(moduleId)}`;

/** A record a run created, in the item editor. */
export const recordEditorPath = (moduleId: string, recordId: string) =>
  `/item-editor/${encodeURIComponent(moduleId)}/${encodeURIComponent(recordId)}`;
