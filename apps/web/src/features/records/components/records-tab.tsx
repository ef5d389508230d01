import type { RecordForm } from '@formloop/contracts';
import Skeleton from 'antd/es/skeleton';
import { useListConfig, type TableKind } from '../api.ts';
import type { ListColumn } from '../lib/list-columns.ts';
import { RecordTablePanel } from './record-table-panel.tsx';

/** A tab's table once its saved view (getuserconfig) is known, so the first request already uses it. */
export function RecordsTab({
  form,
  kind,
  columns,
}: {
  form: RecordForm;
  kind: TableKind;
  columns: readonly ListColumn[];
}) {
  const config = useListConfig(form.id, kind);
  if (config.isPending) return <Skeleton active paragraph={{ rows: 8 }} data-testid="records-loading" />;
  return <RecordTablePanel form={form} kind={kind} columns={columns} config={config.data?.data ?? null} />;
}
