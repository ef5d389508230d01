// A chart's data as an HTML table behind a toggle (WCAG 1.1.1 and 1.3.1): the shared ECharts wrapper
// puts it below every chart whose option gives a table (see chart-table.ts). A real button, so Tab
// reaches it and Enter or Space opens it; aria-expanded and aria-controls tie it to the table.
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartTable } from './chart-table.ts';

/** Numbers in the reader's language (grouping and decimal marks); texts as they are; no value empty. */
function useCellFormat() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const formatter = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    return (value: string | number | null): string => {
      if (value === null) return '';
      return typeof value === 'number' ? formatter.format(value) : value;
    };
  }, [i18n.language]);
}

export function ChartDataTable({ table, caption }: { table: ChartTable; caption: string }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const format = useCellFormat();
  const [shown, setShown] = useState(false);
  const id = useId();
  const padding = `${token.paddingXXS}px ${token.paddingXS}px`;
  const border = `1px solid ${token.colorBorderSecondary}`;
  return (
    <div style={{ marginTop: token.marginXXS }}>
      <Button
        type="link"
        size="small"
        style={{ paddingInline: 0 }}
        aria-expanded={shown}
        aria-controls={shown ? id : undefined}
        onClick={() => setShown((was) => !was)}
      >
        {shown ? t('chartTable.hide') : t('chartTable.show')}
      </Button>
      {shown ? (
        <div id={id} style={{ overflowX: 'auto' }}>
          <table data-testid="echart-data-table" style={{ borderCollapse: 'collapse', minWidth: 240 }}>
            <caption style={{ textAlign: 'start', fontWeight: 600, paddingBlock: token.paddingXXS }}>
              {caption}
            </caption>
            <thead>
              <tr>
                {table.columns.map((column, index) => (
                  <th
                    key={index}
                    scope="col"
                    style={{ textAlign: index === 0 ? 'start' : 'end', padding, borderBottom: border }}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map(([name, ...values], row) => (
                <tr key={row}>
                  <th
                    scope="row"
                    style={{ textAlign: 'start', fontWeight: 400, padding, borderBottom: border }}
                  >
                    {format(name ?? null)}
                  </th>
                  {values.map((value, index) => (
                    <td
                      key={index}
                      style={{
                        textAlign: typeof value === 'number' ? 'end' : 'start',
                        padding,
                        borderBottom: border,
                        fontVariantNumeric: 'tabular-nums',
                      }}
                    >
                      {format(value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
