import type { ModuleDefinition } from '@formloop/domain';
import type { ValidationIssue, WorkflowDefinition } from '@formloop/workflow';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { issueText } from '../../workflow-designer/index.ts';
import { DiffSummary } from '../versions/versions-panel.tsx';

/**
 * Asks before publishing, with what the new version changes against the published one. A workflow
 * with problems cannot be published: they are listed, with a way to the Workflow tab.
 */
export function PublishModal({
  open,
  draft,
  published,
  nextVersion,
  dirty,
  busy,
  workflow,
  workflowIssues,
  onOpenWorkflow,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  draft: ModuleDefinition;
  published: ModuleDefinition | null;
  nextVersion: number;
  dirty: boolean;
  busy: boolean;
  workflow: WorkflowDefinition;
  workflowIssues: readonly ValidationIssue[];
  onOpenWorkflow(): void;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(['formEditor', 'workflowDesigner']);
  const blocked = workflowIssues.length > 0;
  return (
    <Modal
      open={open}
      title={t('publish.title', { version: nextVersion })}
      okText={t('publish.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={busy}
      okButtonProps={{ disabled: blocked }}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('publish.description', { version: nextVersion })}</Typography.Paragraph>
      <Typography.Paragraph strong>
        <DiffSummary draft={draft} published={published} />
      </Typography.Paragraph>
      {dirty ? <Typography.Paragraph type="secondary">{t('publish.savesFirst')}</Typography.Paragraph> : null}
      {blocked ? (
        <Alert
          type="error"
          showIcon
          data-testid="publish-workflow-issues"
          title={t('publish.workflowBlocked', { count: workflowIssues.length })}
          description={
            <>
              <ul style={{ margin: '4px 0', paddingInlineStart: 16 }}>
                {workflowIssues.map((issue, index) => (
                  <li key={`${issue.code}-${index}`}>{issueText(t, issue, workflow)}</li>
                ))}
              </ul>
              <Button size="small" onClick={onOpenWorkflow}>
                {t('publish.openWorkflow')}
              </Button>
            </>
          }
        />
      ) : null}
    </Modal>
  );
}
