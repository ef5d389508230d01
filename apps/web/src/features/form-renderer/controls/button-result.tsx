import type { ButtonSettings } from '@formloop/domain';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { answerText, prettyJson, tableOf } from '../runtime/external-model.ts';
import { FORM_EXTERNAL_NAMESPACE } from '../runtime/lookups-api.ts';
import { columnTitle } from '../runtime/lookup-model.ts';

/** The rows' own key: answers rarely have a unique column, and rows never move. */
const ROW_KEY = '\u0000row';

export type RenderType = ButtonSettings['renderType'];

/** An answer as an HTML fragment, sanitised: it comes from a service outside the product. */
export const sanitizedHtml = (data: unknown): string =>
  DOMPurify.sanitize(typeof data === 'string' ? data : answerText(data));

/**
 * What a button writes into its renderTarget field: a table answer into a table group (or list
 * field) whose value is a list stays a list of rows; anything else becomes text as it is shown.
 */
export function targetValue(data: unknown, renderType: RenderType, targetIsList: boolean): unknown {
  if (renderType === 'table' && targetIsList) return tableOf(data).rows;
  if (renderType === 'html') return sanitizedHtml(data);
  if (renderType === 'json') return prettyJson(data);
  if (renderType === 'table') return prettyJson(data);
  return answerText(data);
}

/** A button's answer shown by its renderType: text, sanitised HTML, a table of objects, or JSON. */
export function ButtonResult({
  data,
  renderType,
  label,
}: {
  data: unknown;
  renderType: RenderType;
  label: string;
}) {
  const { t } = useTranslation(FORM_EXTERNAL_NAMESPACE);
  const empty = data === null || data === undefined || data === '' || (Array.isArray(data) && !data.length);
  if (empty) return <Typography.Text type="secondary">{t('button.empty')}</Typography.Text>;
  switch (renderType) {
    case 'html':
      return (
        <div
          data-testid="button-result-html"
          // Sanitised above: scripts, event handlers and javascript: links are removed.
          dangerouslySetInnerHTML={{ __html: sanitizedHtml(data) }}
        />
      );
    case 'table': {
      const { columns, rows } = tableOf(data);
      return (
        <Table
          size="small"
          aria-label={t('button.table', { label })}
          pagination={rows.length > 10 ? { pageSize: 10 } : false}
          scroll={{ x: true }}
          rowKey={ROW_KEY}
          dataSource={rows.map((row, index) => ({ ...row, [ROW_KEY]: String(index) }))}
          columns={columns.map((name) => ({ key: name, dataIndex: name, title: columnTitle(name) }))}
        />
      );
    }
    case 'json':
      return (
        <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12 }}>
          {prettyJson(data)}
        </pre>
      );
    default:
      return (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{answerText(data)}</Typography.Paragraph>
      );
  }
}
