import theme from 'antd/es/theme';
import { useState, type DragEvent } from 'react';

/**
 * Reordering the rows of a list with plain HTML5 drag and drop. `sourceProps` go on what the user
 * grabs (the whole row or its handle), `targetProps` on each row: the dragged row fades, the row under
 * the pointer shows a line, and a drop calls `onMove(from, to)`. Pair it with up/down buttons: drag
 * and drop alone would shut out keyboard and screen-reader users.
 */
export function useRowDrag(onMove: (from: number, to: number) => void) {
  const { token } = theme.useToken();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    setDragging(null);
    setOver(null);
  };

  const sourceProps = (index: number, data: string) => ({
    onDragStart: (event: DragEvent<HTMLElement>) => {
      setDragging(index);
      event.dataTransfer.effectAllowed = 'move';
      // Firefox starts a drag only when some data is set.
      event.dataTransfer.setData('text/plain', data);
    },
    onDragEnd: end,
  });

  const targetProps = (index: number) => ({
    style: {
      opacity: dragging === index ? 0.5 : undefined,
      boxShadow: over === index && dragging !== index ? `inset 0 2px 0 ${token.colorPrimary}` : undefined,
    },
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (dragging === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== index) setOver(index);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (dragging !== null) onMove(dragging, index);
      end();
    },
  });

  return { sourceProps, targetProps };
}
