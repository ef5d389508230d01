import CheckCircleOutlined from '@ant-design/icons/es/icons/CheckCircleOutlined';
import WarningOutlined from '@ant-design/icons/es/icons/WarningOutlined';
import type { ValidationIssue, WorkflowDefinition } from '@formloop/workflow';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { issueText } from '../model/issues.ts';
import { WORKFLOW_DESIGNER_NAMESPACE } from '../model/labels.ts';

/**
 * What keeps the workflow from being published, in the reader's language. An issue about one
 * activity is a button that selects it; workflow-wide ones are plain text.
 */
export function ValidationPanel({
  definition,
  issues,
  onSelect,
}: {
  definition: WorkflowDefinition;
  issues: readonly ValidationIssue[];
  onSelect(activityId: string): void;
}) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="workflow-issues-title" data-testid="workflow-issues">
      <Typography.Title id="workflow-issues-title" level={5} style={{ marginTop: 0 }}>
        {issues.length === 0 ? t('issues.title') : t('issues.count', { count: issues.length })}
      </Typography.Title>
      {issues.length === 0 ? (
        <Typography.Text type="success">
          <CheckCircleOutlined aria-hidden /> {t('issues.none')}
        </Typography.Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: token.marginXXS }}>
          {issues.map((issue, index) => {
            const text = issueText(t, issue, definition);
            const target = issue.activityId;
            const known = target !== undefined && definition.activities.some((a) => a.activityId === target);
            return (
              <li key={`${issue.code}-${target ?? ''}-${index}`} data-issue-code={issue.code}>
                {known ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<WarningOutlined aria-hidden style={{ color: token.colorWarning }} />}
                    onClick={() => onSelect(target)}
                    style={{ whiteSpace: 'normal', textAlign: 'start', height: 'auto', padding: 0 }}
                  >
                    {text}
                  </Button>
                ) : (
                  <Typography.Text>
                    <WarningOutlined aria-hidden style={{ color: token.colorWarning }} /> {text}
                  </Typography.Text>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
