import theme from 'antd/es/theme';
import type { CSSProperties } from 'react';
import { TEXT_ON_BRIGHT_FILL, useColorScheme } from './color-scheme.ts';

export interface CountBadgeProps {
  /** The text to show, already capped (for example '9999+'). */
  text: string;
  /** What the number means, for screen readers ('12 unread'); the badge is then one image-like unit. */
  label?: string;
  /** Pins the badge to the top-right corner of a positioned parent (an icon button). */
  corner?: boolean;
  style?: CSSProperties;
}

/**
 * A small count pill. antd's Badge animates each digit in its own element, which splits the number
 * for screen readers and text queries; this renders the number as one piece of text.
 */
export function CountBadge({ text, label, corner = false, style }: CountBadgeProps) {
  const { token } = theme.useToken();
  // The dark scheme's error pink is light (it is also error text on dark cards): dark digits on it.
  const dark = useColorScheme() === 'dark';
  return (
    <span
      aria-label={label}
      role={label ? 'img' : undefined}
      style={{
        display: 'inline-block',
        minWidth: 20,
        height: 20,
        padding: '0 6px',
        borderRadius: 10,
        background: token.colorError,
        color: dark ? TEXT_ON_BRIGHT_FILL : token.colorWhite,
        fontSize: token.fontSizeSM,
        lineHeight: '20px',
        textAlign: 'center',
        whiteSpace: 'nowrap',
        ...(corner
          ? {
              position: 'absolute',
              top: -6,
              left: '55%',
              minWidth: 18,
              height: 18,
              padding: '0 5px',
              lineHeight: '18px',
              fontSize: 11,
              pointerEvents: 'none',
            }
          : null),
        ...style,
      }}
    >
      {text}
    </span>
  );
}
