import { useState, type DragEvent } from 'react';
import { endDrag, isFieldDrag, readDrag, type DragPayload } from '../palette/drag-data.ts';

/**
 * Makes an element accept fields dragged from the palette or the canvas (native drag and drop).
 * `over` lights the zone up; the innermost zone under the pointer takes the drop.
 */
export function useDropZone(onDrop: (payload: DragPayload, event: DragEvent<HTMLElement>) => void) {
  const [over, setOver] = useState(false);
  return {
    over,
    dropProps: {
      onDragOver(event: DragEvent<HTMLElement>) {
        if (!isFieldDrag(event)) return;
        event.preventDefault();
        event.stopPropagation();
        if (!over) setOver(true);
      },
      onDragLeave(event: DragEvent<HTMLElement>) {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setOver(false);
      },
      onDrop(event: DragEvent<HTMLElement>) {
        event.preventDefault();
        event.stopPropagation();
        setOver(false);
        const payload = readDrag(event);
        endDrag();
        if (payload) onDrop(payload, event);
      },
    },
  };
}
