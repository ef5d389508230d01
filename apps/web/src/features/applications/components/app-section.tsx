import theme from 'antd/es/theme';
import { useId, type ReactNode } from 'react';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';

/** A titled part of /applications, a landmark named by its heading. */
export function AppSection({
  title,
  icon,
  hint,
  testId,
  children,
}: {
  title: string;
  icon?: string | null;
  hint?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid={testId} style={{ marginBottom: token.marginLG }}>
      <h2
        id={headingId}
        style={{
          fontSize: token.fontSizeHeading5,
          margin: `0 0 ${token.marginSM}px`,
          display: 'flex',
          alignItems: 'center',
          gap: token.marginXS,
        }}
      >
        {icon ? <MenuIcon name={icon} /> : null}
        {title}
      </h2>
      {hint ? <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{hint}</p> : null}
      {children}
    </section>
  );
}

/** Cards in as many columns as fit. */
export function CardGrid({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <ul
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
        gap: token.margin,
      }}
    >
      {children}
    </ul>
  );
}
