import type { ModuleDefinition } from '@formloop/domain';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { DiffSummary } from '../versions/versions-panel.tsx';

/** Asks before publishing, with what the new version changes against the published one. */
export function PublishModal({
  open,
  draft,
  published,
  nextVersion,
  dirty,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  draft: ModuleDefinition;
  published: ModuleDefinition | null;
  nextVersion: number;
  dirty: boolean;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('formEditor');
  return (
    <Modal
      open={open}
      title={t('publish.title', { version: nextVersion })}
      okText={t('publish.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={busy}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('publish.description', { version: nextVersion })}</Typography.Paragraph>
      <Typography.Paragraph strong>
        <DiffSummary draft={draft} published={published} />
      </Typography.Paragraph>
      {dirty ? <Typography.Paragraph type="secondary">{t('publish.savesFirst')}</Typography.Paragraph> : null}
    </Modal>
  );
}
