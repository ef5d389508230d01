import Card from 'antd/es/card';
import { useId, type ReactNode } from 'react';

/** A titled card that is also a named region, so tests and screen readers can find each section. */
export function ProfileSection({
  title,
  extra,
  children,
  testId,
}: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-testid={testId} style={{ height: '100%' }}>
      <Card title={<span id={titleId}>{title}</span>} extra={extra} style={{ height: '100%' }}>
        {children}
      </Card>
    </section>
  );
}
