// The reports table (spec §7 report/datatables): paged and sorted by the server; a star to mark a
// favourite; open, edit (own reports), copy and delete (own reports, after a confirmation).
import CopyOutlined from '@ant-design/icons/es/icons/CopyOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import StarFilled from '@ant-design/icons/es/icons/StarFilled';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import type { ReportListItem } from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { ServerTable, type ServerTableState } from '../../../shared/ui/server-table.tsx';
import type { ReportTable } from '../api.ts';
import { REPORTS_NAMESPACE } from '../messages.ts';
import { VISUALLY_HIDDEN } from '../../../shared/ui/visually-hidden.ts';
import { reportDesignerHref, reportViewerHref } from '../paths.ts';

export interface ReportListTableProps {
  data: ReportTable | undefined;
  loading: boolean;
  paging: ServerTableState;
  /** A search, scope or category narrows the list: the empty state says nothing matched. */
  narrowed: boolean;
  emptyAction: ReactNode;
  onFavourite: (report: ReportListItem) => void;
  onCopy: (report: ReportListItem) => void;
  onDelete: (report: ReportListItem) => void;
}

export function ReportListTable(props: ReportListTableProps) {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const { preference } = useOrganizationPreference();
  const navigate = useNavigate();
  const columns: ColumnsType<ReportListItem> = [
    {
      key: 'favourite',
      width: 48,
      title: <span style={VISUALLY_HIDDEN}>{t('list.columns.favourite')}</span>,
      render: (_: unknown, report) => (
        <Button
          type="text"
          size="small"
          aria-pressed={report.isFavourite}
          aria-label={t(report.isFavourite ? 'list.unfavourite' : 'list.favourite', { name: report.name })}
          icon={report.isFavourite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
          onClick={() => props.onFavourite(report)}
        />
      ),
    },
    {
      key: 'name',
      title: t('list.columns.name'),
      sorter: true,
      render: (_: unknown, report) => (
        <div style={{ minWidth: 140 }}>
          <Link to={reportViewerHref(report.id)}>{report.name}</Link>
          {report.description ? (
            <div style={{ opacity: 0.65, fontSize: '0.85em' }}>{report.description}</div>
          ) : null}
        </div>
      ),
    },
    { key: 'module_name', title: t('list.columns.app'), sorter: true, dataIndex: 'moduleName' },
    {
      key: 'category',
      title: t('list.columns.category'),
      sorter: true,
      dataIndex: 'category',
      responsive: ['md'],
    },
    {
      key: 'owner',
      title: t('list.columns.owner'),
      responsive: ['lg'],
      render: (_: unknown, report) => (report.isMine ? t('list.me') : report.ownerName),
    },
    {
      key: 'modified_on',
      title: t('list.columns.modified'),
      sorter: true,
      dataIndex: 'modifiedOn',
      responsive: ['md'],
      render: (value: string) => formatDate(value, 'datetime', preference),
    },
    {
      key: 'actions',
      title: t('list.columns.actions'),
      render: (_: unknown, report) => (
        <Space size={4} wrap>
          {report.isMine ? (
            <Tooltip title={t('list.edit')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                href={reportDesignerHref(report.id)}
                aria-label={t('list.editNamed', { name: report.name })}
                onClick={(event) => {
                  // A real link (it opens in a new tab too); a plain click stays in the app.
                  event.preventDefault();
                  void navigate(reportDesignerHref(report.id));
                }}
              />
            </Tooltip>
          ) : null}
          <Tooltip title={t('list.copy')}>
            <Button
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('list.copyNamed', { name: report.name })}
              onClick={() => props.onCopy(report)}
            />
          </Tooltip>
          {report.isMine ? (
            <Popconfirm
              title={t('list.confirmDelete.title', { name: report.name })}
              description={t('list.confirmDelete.description')}
              okText={t('list.confirmDelete.ok')}
              cancelText={t('list.confirmDelete.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => props.onDelete(report)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('list.deleteNamed', { name: report.name })}
              />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <ServerTable<ReportListItem>
      data-testid="report-table"
      rowKey="id"
      size="middle"
      table={props.paging}
      columns={columns}
      rows={props.data?.data}
      total={props.data?.recordsFiltered ?? 0}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: props.narrowed ? (
          <Empty description={t('list.noMatches')} />
        ) : (
          <Empty description={t('list.empty')}>{props.emptyAction}</Empty>
        ),
      }}
      showTotal={(total) => t('list.total', { count: total })}
    />
  );
}
