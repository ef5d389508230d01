import type { FieldType } from '@formloop/domain';
import type { DragEvent } from 'react';

/** What is being dragged: a new field from the palette, or a cell already on the canvas. */
export type DragPayload = { kind: 'new'; fieldType: FieldType } | { kind: 'move'; id: string };

const MIME = 'application/x-formloop-field';

// During dragover the browser hides the dragged data (only its types show), so the payload is also
// kept here; there is one drag at a time.
let current: DragPayload | null = null;

export function startDrag(event: DragEvent, payload: DragPayload): void {
  current = payload;
  event.dataTransfer.setData(MIME, JSON.stringify(payload));
  event.dataTransfer.setData('text/plain', payload.kind === 'new' ? payload.fieldType : payload.id);
}

export function endDrag(): void {
  current = null;
}

/** Whether a dragover carries one of ours (so a drop zone accepts it). */
export function isFieldDrag(event: DragEvent): boolean {
  return current !== null || Array.from(event.dataTransfer.types).includes(MIME);
}

export function readDrag(event: DragEvent): DragPayload | null {
  try {
    const text = event.dataTransfer.getData(MIME);
    if (text) return JSON.parse(text) as DragPayload;
  } catch {
    // Another page's data: fall back to the drag this page started.
  }
  return current;
}
