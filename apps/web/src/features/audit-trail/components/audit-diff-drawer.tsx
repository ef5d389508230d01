import type { AuditDiffEntry, AuditEntryDetail } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditEntry } from '../api.ts';
import { formatAuditTime, formatAuditValue } from '../format.ts';

const KIND_COLOUR = { added: 'success', removed: 'error', changed: 'warning' } as const;

function DiffList({ diff }: { diff: AuditDiffEntry[] }) {
  const { t } = useTranslation('auditTrail');
  const { token } = theme.useToken();
  if (diff.length === 0) return <Empty description={t('drawer.noChanges')} />;
  // Added values are green, removed red, a change shows both: the old red, the new green.
  const removedStyle: CSSProperties = {
    background: token.colorErrorBg,
    color: token.colorErrorText,
    textDecoration: 'line-through',
  };
  const addedStyle: CSSProperties = { background: token.colorSuccessBg, color: token.colorSuccessText };
  const cell: CSSProperties = {
    padding: `${token.paddingXXS}px ${token.paddingXS}px`,
    borderRadius: token.borderRadiusSM,
    fontFamily: token.fontFamilyCode,
    wordBreak: 'break-word',
  };
  return (
    <table style={{ width: '100%', borderCollapse: 'separate', borderSpacing: `0 ${token.marginXXS}px` }}>
      <thead>
        <tr style={{ textAlign: 'start' }}>
          <th scope="col">{t('drawer.field')}</th>
          <th scope="col">{t('drawer.change')}</th>
          <th scope="col">{t('drawer.before')}</th>
          <th scope="col">{t('drawer.after')}</th>
        </tr>
      </thead>
      <tbody>
        {diff.map((entry) => (
          <tr key={entry.path} data-testid="audit-diff-row" data-kind={entry.kind}>
            <td style={cell}>{entry.path}</td>
            <td>
              <Tag color={KIND_COLOUR[entry.kind]}>{t(`kind.${entry.kind}`)}</Tag>
            </td>
            <td
              data-testid="audit-diff-before"
              style={{ ...cell, ...(entry.kind === 'added' ? {} : removedStyle) }}
            >
              {entry.kind === 'added' ? '' : formatAuditValue(entry.before)}
            </td>
            <td
              data-testid="audit-diff-after"
              style={{ ...cell, ...(entry.kind === 'removed' ? {} : addedStyle) }}
            >
              {entry.kind === 'removed' ? '' : formatAuditValue(entry.after)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EntryDetail({ entry }: { entry: AuditEntryDetail }) {
  const { t } = useTranslation('auditTrail');
  const { token } = theme.useToken();
  const user =
    entry.username === null ? t('systemUser') : `${entry.fullname ?? entry.username} (${entry.username})`;
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'when',
            label: t('columns.createdAt'),
            children: `${formatAuditTime(entry.created_at)} (${entry.created_at})`,
          },
          { key: 'user', label: t('columns.user'), children: user },
          { key: 'entity', label: t('columns.entity'), children: entry.entity },
          { key: 'entityId', label: t('columns.entityId'), children: entry.entity_id },
          { key: 'action', label: t('columns.action'), children: entry.action },
          { key: 'request', label: t('drawer.requestId'), children: entry.request_id ?? '—' },
        ]}
      />
      <h3 style={{ fontSize: token.fontSizeHeading5, marginTop: token.marginLG }}>{t('drawer.changes')}</h3>
      <DiffList diff={entry.diff} />
    </>
  );
}

/** The drawer a table row opens: the entry's facts and its field-level before/after diff. */
export function AuditDiffDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('auditTrail');
  const entry = useAuditEntry(id);
  let body;
  if (id === null) body = null;
  else if (entry.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (entry.isError) body = <Alert type="error" showIcon role="alert" title={t('drawer.loadFailed')} />;
  else body = <EntryDetail entry={entry.data} />;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('drawer.title')}
      size="large"
      destroyOnHidden
      data-testid="audit-drawer"
    >
      {body}
    </Drawer>
  );
}
