import type { CSSProperties } from 'react';

/** Text read by screen readers but not drawn (for a control whose name says more than it shows). */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
