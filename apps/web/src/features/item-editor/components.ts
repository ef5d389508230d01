// The record editor as the task editor embeds it.
export { EntryEditor, type EntryControls } from './components/entry-editor.tsx';
