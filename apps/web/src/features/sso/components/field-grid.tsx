import theme from 'antd/es/theme';
import type { ReactNode } from 'react';

/** Short fields side by side (attribute and claim names), one per row on a narrow screen. */
export function FieldGrid({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
        columnGap: token.margin,
      }}
    >
      {children}
    </div>
  );
}
