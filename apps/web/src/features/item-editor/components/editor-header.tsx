import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import SendOutlined from '@ant-design/icons/es/icons/SendOutlined';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { shellEntryAt, useDeclarePageTrail, useShellCrumb } from '../../../shared/navigation/page-trail.ts';
import { RecordPrintActions } from '../../record-print/components.ts';
import { ITEM_EDITOR_NAMESPACE } from '../messages.ts';
import { listPath } from '../paths.ts';

export interface EditorHeaderProps {
  moduleId: string;
  appName: string;
  /** False for an entry not saved yet. */
  saved: boolean;
  /** A submitted entry saves its changes; a new one or a draft saves a draft. */
  submitted: boolean;
  dirty: boolean;
  readOnly: boolean;
  canSave: boolean;
  canSubmit: boolean;
  canDelete: boolean;
  busy: boolean;
  saving: boolean;
  submitting: boolean;
  deleting: boolean;
  onSave(): void;
  onSubmit(): void;
  onDelete(): void;
  onCancel(): void;
  /** The submitted entry's status (spec §4 display status), beside the app's name. */
  status?: ReactNode;
  /** Where the back arrow leads (a task's entry: the task list); the app's list by default. */
  backPath?: string;
}

/** The app's name with the way back to its list, what the entry is, and its actions. */
export function EditorHeader(props: EditorHeaderProps) {
  const { t } = useTranslation(ITEM_EDITOR_NAMESPACE);
  const { token } = theme.useToken();
  const list = listPath(props.moduleId);
  const heading = props.saved ? t('header.entry') : t('header.newEntry');
  // The shell's title and breadcrumbs: the way here (the task list for a task's entry, else Apps),
  // the app's list, then this entry.
  const { pathname } = useLocation();
  const start = useShellCrumb(shellEntryAt(props.backPath) ?? 'apps');
  useDeclarePageTrail(pathname, [
    start,
    { key: `app:${props.moduleId}`, title: props.appName, href: list },
    { key: 'entry', title: heading, href: pathname },
  ]);
  return (
    <header
      data-testid="item-editor-header"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: token.marginSM,
      }}
    >
      <div style={{ display: 'grid', gap: token.marginXXS, minWidth: 0 }}>
        <Space wrap size="small" align="center">
          <Link to={props.backPath ?? list} aria-label={t('header.back')} title={t('header.back')}>
            <ArrowLeftOutlined aria-hidden />
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {props.appName}
          </Typography.Title>
          {props.status}
          {props.readOnly ? <Tag data-testid="read-only-tag">{t('header.readOnly')}</Tag> : null}
          {props.dirty ? (
            <Tag color="orange" data-testid="unsaved-marker">
              {t('header.unsaved')}
            </Tag>
          ) : null}
        </Space>
      </div>
      <Space wrap size="small">
        {props.saved ? <RecordPrintActions disabled={props.busy} /> : null}
        <Button onClick={props.onCancel} disabled={props.busy}>
          {t('actions.cancel')}
        </Button>
        {props.canDelete ? (
          <Popconfirm
            title={t('confirmDelete.title')}
            description={t('confirmDelete.description')}
            okText={t('confirmDelete.ok')}
            cancelText={t('confirmDelete.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={props.onDelete}
            disabled={props.busy}
          >
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              loading={props.deleting}
              disabled={props.busy}
            >
              {t('actions.delete')}
            </Button>
          </Popconfirm>
        ) : null}
        {props.canSave ? (
          <Button
            icon={<SaveOutlined aria-hidden />}
            onClick={props.onSave}
            loading={props.saving}
            disabled={props.busy}
            type={props.canSubmit ? 'default' : 'primary'}
            title={t('actions.saveShortcut')}
            aria-keyshortcuts="Control+S Meta+S"
          >
            {props.submitted ? t('actions.saveChanges') : t('actions.saveDraft')}
          </Button>
        ) : null}
        {props.canSubmit ? (
          <Button
            type="primary"
            icon={<SendOutlined aria-hidden />}
            onClick={props.onSubmit}
            loading={props.submitting}
            disabled={props.busy}
          >
            {t('actions.submit')}
          </Button>
        ) : null}
      </Space>
    </header>
  );
}
