import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import RocketOutlined from '@ant-design/icons/es/icons/RocketOutlined';
import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import type { AppDetail } from '@formloop/contracts';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDeclarePageTrail, useShellCrumb } from '../../../shared/navigation/page-trail.ts';

export interface EditorHeaderProps {
  app: AppDetail;
  dirty: boolean;
  canUndo: boolean;
  canRedo: boolean;
  saving: boolean;
  publishing: boolean;
  onUndo(): void;
  onRedo(): void;
  onPreview(): void;
  onSave(): void;
  onPublish(): void;
}

/** The app's name, status, version and unsaved mark, with undo/redo, preview, save and publish. */
export function EditorHeader(props: EditorHeaderProps) {
  const { app, dirty, canUndo, canRedo, saving, publishing } = props;
  const { t } = useTranslation('formEditor');
  const { token } = theme.useToken();
  const published = app.status === 'Published';
  const { pathname } = useLocation();
  const builder = useShellCrumb('app-builder');
  useDeclarePageTrail(pathname, [builder, { key: `app:${app.id}`, title: app.display_name, href: pathname }]);
  return (
    <header
      data-testid="form-editor-header"
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: token.marginSM,
        justifyContent: 'space-between',
      }}
    >
      <Space wrap size="small" align="center">
        <Link to="/form-editor" aria-label={t('header.back')} title={t('header.back')}>
          <ArrowLeftOutlined aria-hidden />
        </Link>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {app.display_name}
        </Typography.Title>
        <Tag color={published ? 'green' : 'default'} data-testid="app-status">
          {t(published ? 'status.published' : 'status.draft')}
        </Tag>
        <Typography.Text type="secondary" data-testid="app-version">
          {app.module_version > 0
            ? t('header.version', { version: app.module_version })
            : t('header.noVersion')}
        </Typography.Text>
        {dirty ? (
          <Tag color="orange" data-testid="unsaved-marker">
            {t('header.unsaved')}
          </Tag>
        ) : null}
      </Space>
      <Space wrap size="small">
        <Tooltip title={t('header.undoShortcut')}>
          <Button icon={<UndoOutlined aria-hidden />} disabled={!canUndo} onClick={props.onUndo}>
            {t('header.undo')}
          </Button>
        </Tooltip>
        <Tooltip title={t('header.redoShortcut')}>
          <Button icon={<RedoOutlined aria-hidden />} disabled={!canRedo} onClick={props.onRedo}>
            {t('header.redo')}
          </Button>
        </Tooltip>
        <Button icon={<EyeOutlined aria-hidden />} onClick={props.onPreview}>
          {t('header.preview')}
        </Button>
        <Button
          icon={<SaveOutlined aria-hidden />}
          loading={saving}
          disabled={publishing}
          onClick={props.onSave}
        >
          {t('header.save')}
        </Button>
        <Button
          type="primary"
          icon={<RocketOutlined aria-hidden />}
          loading={publishing}
          disabled={saving}
          onClick={props.onPublish}
        >
          {t('header.publish')}
        </Button>
      </Space>
    </header>
  );
}
