import { AUDIT_PAGE_SIZES, type AuditDataTableRequest, type AuditFilter } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditTable } from '../api.ts';
import { AuditDiffDrawer } from '../components/audit-diff-drawer.tsx';
import { AuditFilters } from '../components/audit-filters.tsx';
import { AuditTable, type AuditSort } from '../components/audit-table.tsx';

type PageSize = (typeof AUDIT_PAGE_SIZES)[number];

/** /app/audit (spec §2, §6): the audit trail, for system administrators only (the server checks too). */
export function AuditTrailPage() {
  const { t } = useTranslation('auditTrail');
  const { token } = theme.useToken();
  const [page, setPage] = useState(1);
  const [length, setLength] = useState<PageSize>(AUDIT_PAGE_SIZES[0]);
  const [sort, setSort] = useState<AuditSort>({ column: 'created_at', dir: 'desc' });
  const [filters, setFilters] = useState<AuditFilter[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);

  const request: AuditDataTableRequest = { page, length, orders: [sort], filters };
  const table = useAuditTable(request);

  return (
    <div style={{ padding: token.paddingLG }} data-testid="audit-trail-page">
      <h1 style={{ fontSize: token.fontSizeHeading3, marginTop: 0 }}>{t('title')}</h1>
      <p style={{ color: token.colorTextSecondary }}>{t('intro')}</p>
      <div style={{ marginBottom: token.marginMD }}>
        <AuditFilters
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
      </div>
      {table.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('loadFailed')}
          style={{ marginBottom: token.marginMD }}
          action={<Button onClick={() => void table.refetch()}>{t('retry')}</Button>}
        />
      ) : null}
      <AuditTable
        data={table.data}
        loading={table.isFetching}
        page={page}
        length={length}
        sort={sort}
        onPage={(nextPage, nextLength) => {
          setPage(nextPage);
          setLength(AUDIT_PAGE_SIZES.find((size) => size === nextLength) ?? AUDIT_PAGE_SIZES[0]);
        }}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        onOpen={(record) => setOpenId(record.id)}
      />
      <AuditDiffDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

export default AuditTrailPage;
