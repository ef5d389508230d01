import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import FilterOutlined from '@ant-design/icons/es/icons/FilterOutlined';
import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Popconfirm from 'antd/es/popconfirm';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../api.ts';

export interface TableToolbarProps {
  search: string;
  searchError: string | null;
  onSearch: (text: string) => void;
  filterCount: number;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  chooser: ReactNode;
  onSaveView: () => void;
  saving: boolean;
  /** Only for those who may set the view of everyone (can.configureForAll). */
  onApplyAll?: () => void;
  applying: boolean;
  /** Only on the entries tab. */
  onExport?: (format: ExportFormat) => void;
  exporting: ExportFormat | null;
  /** Only for those who may delete (can.delete). */
  onDeleteSelected?: () => void;
  selectedCount: number;
  deleting: boolean;
}

/** Search, filters, columns, saved view, export and bulk delete above a record table. */
export function TableToolbar(props: TableToolbarProps) {
  const { t } = useTranslation('records');
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: token.marginXS,
        alignItems: 'flex-start',
        marginBottom: token.margin,
      }}
      data-testid="table-toolbar"
    >
      <div style={{ flex: '1 1 240px', maxWidth: 360 }}>
        <Input.Search
          allowClear
          aria-label={t('toolbar.search')}
          placeholder={t('toolbar.search')}
          value={props.search}
          status={props.searchError ? 'error' : undefined}
          onChange={(event) => props.onSearch(event.target.value)}
        />
        {props.searchError ? (
          <div role="alert" style={{ color: token.colorError, marginTop: token.marginXXS }}>
            {props.searchError}
          </div>
        ) : null}
      </div>
      <Button
        icon={<FilterOutlined />}
        type={props.filtersOpen ? 'primary' : 'default'}
        aria-expanded={props.filtersOpen}
        onClick={props.onToggleFilters}
      >
        {props.filterCount > 0
          ? t('toolbar.filtersCount', { count: props.filterCount })
          : t('toolbar.filters')}
      </Button>
      {props.chooser}
      <Button icon={<SaveOutlined />} loading={props.saving} onClick={props.onSaveView}>
        {t('toolbar.saveView')}
      </Button>
      {props.onApplyAll ? (
        <Popconfirm
          title={t('toolbar.applyAllConfirm')}
          okText={t('toolbar.applyAllOk')}
          cancelText={t('cancel')}
          onConfirm={props.onApplyAll}
        >
          <Button icon={<TeamOutlined />} loading={props.applying}>
            {t('toolbar.applyAll')}
          </Button>
        </Popconfirm>
      ) : null}
      <span style={{ flex: 1 }} />
      {props.onExport ? (
        <>
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              icon={<DownloadOutlined />}
              loading={props.exporting === format}
              disabled={props.exporting !== null && props.exporting !== format}
              onClick={() => props.onExport?.(format)}
            >
              {t(format === 'csv' ? 'toolbar.exportCsv' : 'toolbar.exportXlsx')}
            </Button>
          ))}
        </>
      ) : null}
      {props.onDeleteSelected ? (
        <Popconfirm
          title={t('toolbar.deleteSelectedConfirm', { count: props.selectedCount })}
          okText={t('table.delete')}
          cancelText={t('cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={props.onDeleteSelected}
          disabled={props.selectedCount === 0}
        >
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={props.selectedCount === 0}
            loading={props.deleting}
          >
            {t('toolbar.deleteSelected', { count: props.selectedCount })}
          </Button>
        </Popconfirm>
      ) : null}
    </div>
  );
}
