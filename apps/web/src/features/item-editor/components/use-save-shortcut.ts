import { useEffect, useRef } from 'react';

/**
 * Ctrl+S (Cmd+S on a Mac) saves instead of the browser's "save page". The handler is read when the
 * keys are pressed, so the listener is added once.
 */
export function useSaveShortcut(onSave: () => void, enabled: boolean): void {
  const handler = useRef(onSave);
  useEffect(() => {
    handler.current = onSave;
  });
  useEffect(() => {
    if (!enabled) return;
    const listen = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return;
      event.preventDefault();
      handler.current();
    };
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  }, [enabled]);
}
