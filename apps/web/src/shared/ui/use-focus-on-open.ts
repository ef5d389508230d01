import { useEffect } from 'react';

/** How many frames to wait for the dialog to show the field (it is hidden until the dialog displays). */
const MAX_FRAMES = 30;

const nextFrame = (run: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(run);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(run, 16);
  return () => clearTimeout(id);
};

/** Focus someone (or something) put on a control of the dialog, not the dialog's own frame. */
function chosenInside(dialog: Element | null): boolean {
  const active = document.activeElement;
  return (
    dialog !== null &&
    active instanceof HTMLElement &&
    active !== dialog &&
    dialog.contains(active) &&
    active.tabIndex >= 0
  );
}

/**
 * Puts focus on a dialog's first field as the dialog opens, once. Not after the open animation
 * (antd's `afterOpenChange`): by then the user may be typing in another field, and moving focus sent
 * the rest of their text into the wrong one. A dialog kept mounted while closed (`forceRender`) shows
 * its fields a frame or two after `open` turns true, so this tries again on the next frames until the
 * field takes focus, and gives up as soon as focus is on any control of the dialog (the user chose).
 * Dialogs mounted on opening (`destroyOnHidden`) can use the field's `autoFocus` instead.
 */
export function useFocusOnOpen(open: boolean, field: () => HTMLElement | null | undefined): void {
  useEffect(() => {
    if (!open) return;
    let frames = 0;
    let cancel: () => void = () => undefined;
    const attempt = () => {
      const element = field();
      if (element) {
        if (document.activeElement === element) return;
        if (chosenInside(element.closest('[role="dialog"]'))) return;
        element.focus({ preventScroll: true });
        if (document.activeElement === element) return;
      }
      frames += 1;
      if (frames < MAX_FRAMES) cancel = nextFrame(attempt);
    };
    attempt();
    return () => cancel();
    // Only opening starts an attempt: `field` reads a ref and is a new function on every render.
  }, [open]);
}
