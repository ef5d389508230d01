import theme from 'antd/es/theme';
import type { ReactNode } from 'react';

/** A labelled field: its label tied to the control by id, and its message read out when it appears. */
export function FieldBlock({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div>
      <label
        id={`${id}-label`}
        htmlFor={id}
        style={{ display: 'block', fontWeight: 500, marginBottom: token.marginXXS }}
      >
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} role="alert" style={{ color: token.colorError, marginTop: token.marginXXS }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
