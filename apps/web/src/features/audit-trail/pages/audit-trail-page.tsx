import {
  AUDIT_PAGE_SIZES,
  type AuditDataTableRequest,
  type AuditFilter,
  type AuditSortColumn,
} from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerTable } from '../../../shared/ui/use-server-table.ts';
import { useAuditTable } from '../api.ts';
import { AuditDiffDrawer } from '../components/audit-diff-drawer.tsx';
import { AuditFilters } from '../components/audit-filters.tsx';
import { AUDIT_SORTABLE, AuditTable, DEFAULT_AUDIT_SORT } from '../components/audit-table.tsx';

type PageSize = (typeof AUDIT_PAGE_SIZES)[number];

/** /app/audit (spec §2, §6): the audit trail, for system administrators only (the server checks too). */
export function AuditTrailPage() {
  const { t } = useTranslation('auditTrail');
  const { token } = theme.useToken();
  const paging = useServerTable<AuditSortColumn, PageSize>({
    pageSize: AUDIT_PAGE_SIZES[0],
    pageSizes: AUDIT_PAGE_SIZES,
    // Clearing a sort falls back to the default: newest first.
    defaultOrders: [DEFAULT_AUDIT_SORT],
    sortable: AUDIT_SORTABLE,
  });
  const [filters, setFilters] = useState<AuditFilter[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);

  const request: AuditDataTableRequest = {
    page: paging.page,
    length: paging.length,
    orders: paging.orders,
    filters,
  };
  const table = useAuditTable(request);

  return (
    <div style={{ padding: token.paddingLG }} data-testid="audit-trail-page">
      <h1 style={{ fontSize: token.fontSizeHeading3, marginTop: 0 }}>{t('title')}</h1>
      <p style={{ color: token.colorTextSecondary }}>{t('intro')}</p>
      <div style={{ marginBottom: token.marginMD }}>
        <AuditFilters
          onChange={(next) => {
            setFilters(next);
            paging.firstPage();
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
        paging={paging}
        onOpen={(record) => setOpenId(record.id)}
      />
      <AuditDiffDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

export default AuditTrailPage;
