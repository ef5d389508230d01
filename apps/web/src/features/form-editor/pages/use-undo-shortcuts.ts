import { useEffect, type Dispatch } from 'react';
import type { EditorAction } from '../state/editor-types.ts';

/** Text boxes keep their own undo; the form's undo applies everywhere else. */
const isTextEntry = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target.tagName === 'TEXTAREA' ||
    (target.tagName === 'INPUT' &&
      !['checkbox', 'radio', 'button'].includes((target as HTMLInputElement).type)));

/** Ctrl+Z undoes; Ctrl+Shift+Z and Ctrl+Y redo (Cmd on a Mac). */
export function useUndoShortcuts(dispatch: Dispatch<EditorAction>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTextEntry(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z') {
        event.preventDefault();
        dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
      } else if (key === 'y' && !event.shiftKey) {
        event.preventDefault();
        dispatch({ type: 'redo' });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatch, enabled]);
}
