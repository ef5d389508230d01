import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import HolderOutlined from '@ant-design/icons/es/icons/HolderOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { RecordTemplate } from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveItem } from '../../../shared/lib/move-item.ts';
import { useRowDrag } from '../../../shared/ui/use-row-drag.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDeleteRecordTemplate, useOrderRecordTemplates, useRecordTemplates } from '../api.ts';
import type { ValueField } from '../lib/template-values.ts';
import { failureText, useAppSettingsMessage } from '../messages.ts';
import { RecordTemplateModal } from './record-template-modal.tsx';

type Editing = { open: false } | { open: true; template: RecordTemplate | undefined };

/**
 * The app's record templates in order: create, rename, delete (confirmed), and reorder by dragging a
 * row or with the arrow buttons (drag and drop alone would shut out keyboard users).
 */
export function RecordTemplatesPanel({
  moduleId,
  fields,
}: {
  moduleId: string;
  fields: readonly ValueField[];
}) {
  const { t } = useTranslation('appSettings');
  const { token } = theme.useToken();
  const translate = useAppSettingsMessage();
  const toast = useToast();
  const list = useRecordTemplates(moduleId);
  const remove = useDeleteRecordTemplate(moduleId);
  const order = useOrderRecordTemplates(moduleId);
  const [editing, setEditing] = useState<Editing>({ open: false });

  const templates = list.data ?? [];
  const ids = templates.map((entry) => entry.id);
  const busy = order.isPending;

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= templates.length) return;
    order.mutate(moveItem(ids, from, to), {
      onSuccess: (response) => toast.success(translate(response.message)),
      onError: (error) => toast.error(failureText(error, translate, t('templates.orderFailed'))),
    });
  };

  const onDelete = (template: RecordTemplate) =>
    remove.mutate(template.id, {
      onSuccess: (response) => toast.success(translate(response.message)),
      onError: (error) => toast.error(failureText(error, translate, t('templates.deleteFailed'))),
    });

  const drag = useRowDrag(move);
  const rowProps = (index: number) => {
    const target = drag.targetProps(index);
    return {
      ...target,
      ...drag.sourceProps(index, ids[index] ?? ''),
      draggable: !busy,
      'data-testid': `template-row-${index}`,
      style: { ...target.style, cursor: busy ? undefined : 'grab' },
    };
  };

  const columns: ColumnsType<RecordTemplate> = [
    {
      key: 'handle',
      width: 40,
      render: (_value, template) => (
        <HolderOutlined
          aria-label={t('templates.dragHandle', { name: template.template_name })}
          style={{ color: token.colorTextTertiary }}
        />
      ),
    },
    { key: 'name', title: t('templates.columns.name'), dataIndex: 'template_name' },
    {
      key: 'values',
      title: t('templates.columns.values'),
      render: (_value, template) => t('templates.valueCount', { count: Object.keys(template.data).length }),
    },
    {
      key: 'actions',
      title: t('templates.columns.actions'),
      width: 200,
      align: 'right',
      render: (_value, template, index) => (
        <Space size="small">
          <Button
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('templates.moveUp', { name: template.template_name })}
            disabled={busy || index === 0}
            onClick={() => move(index, index - 1)}
          />
          <Button
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('templates.moveDown', { name: template.template_name })}
            disabled={busy || index === templates.length - 1}
            onClick={() => move(index, index + 1)}
          />
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('templates.rename', { name: template.template_name })}
            onClick={() => setEditing({ open: true, template })}
          />
          <Popconfirm
            title={t('templates.confirmDelete', { name: template.template_name })}
            description={t('templates.confirmDeleteHint')}
            okText={t('templates.delete')}
            cancelText={t('templates.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(template)}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('templates.deleteNamed', { name: template.template_name })}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const create = () => setEditing({ open: true, template: undefined });
  let content;
  if (list.isPending) content = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (list.isError) {
    content = (
      <LoadFailedAlert
        title={t('templates.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (templates.length === 0) {
    content = <Empty description={t('templates.empty')} data-testid="templates-empty" />;
  } else {
    content = (
      <Table<RecordTemplate>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={templates}
        pagination={false}
        onRow={(_template, index) => rowProps(index ?? 0)}
      />
    );
  }

  return (
    <div style={{ display: 'grid', gap: token.marginSM }}>
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: token.margin }}
      >
        <span style={{ color: token.colorTextSecondary }}>{t('templates.intro')}</span>
        <Button icon={<PlusOutlined />} onClick={create} disabled={list.isPending || list.isError}>
          {t('templates.add')}
        </Button>
      </div>
      {content}
      <RecordTemplateModal
        open={editing.open}
        moduleId={moduleId}
        template={editing.open ? editing.template : undefined}
        fields={fields}
        onClose={() => setEditing({ open: false })}
      />
    </div>
  );
}
