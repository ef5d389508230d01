import Descriptions from 'antd/es/descriptions';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';

export interface ProviderAddress {
  key: string;
  label: string;
  value: string;
}

/**
 * Our own addresses an administrator registers at the identity provider, read-only, each with a copy
 * button (they are long and must be exact).
 */
export function ProviderAddresses({
  title,
  addresses,
  extra,
  testId,
}: {
  title: string;
  addresses: ProviderAddress[];
  extra?: ReactNode;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <Descriptions
      title={title}
      extra={extra}
      size="small"
      column={1}
      bordered
      style={{ marginBottom: token.marginLG }}
      data-testid={testId}
      items={addresses.map((address) => ({
        key: address.key,
        label: address.label,
        children: (
          <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
            {address.value}
          </Typography.Text>
        ),
      }))}
    />
  );
}
