// What other features use of the item editor: its query keys and the wording of server errors.
// The editor itself, which the task editor embeds, is in components.ts.
export { itemEditorKeys } from './api.ts';
export { useServerMessage } from './messages.ts';
