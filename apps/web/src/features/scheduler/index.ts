// Where an app's schedules are (the record list links there).
export { scheduleListPath } from './paths.ts';
