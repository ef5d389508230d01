import type { FormIssue } from '@formloop/contracts';
import { PERMISSION_ISSUE_TARGET, type FormLayout } from '@formloop/domain';
import Alert from 'antd/es/alert';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { useIssueText } from '../messages.ts';
import { findField } from '../state/layout-ops.ts';

/** Where an issue points, for the list: the field's label, the section's name, or the permissions. */
function issuePlace(issue: FormIssue, layout: FormLayout, permissionsLabel: string): string | null {
  if (issue.kind === 'field') {
    const field = findField(layout, issue.target);
    return field ? `${field.fieldName || field.name} (${field.name})` : null;
  }
  if (issue.kind === 'group') {
    const section = layout.sections.find((candidate) => candidate.name === issue.target);
    return section ? section.displayName || section.name : issue.target;
  }
  return issue.target === PERMISSION_ISSUE_TARGET ? permissionsLabel : null;
}

/** The form's problems; a click on one takes the user to what it is about. */
export function IssuesPanel({
  issues,
  layout,
  onOpen,
}: {
  issues: FormIssue[];
  layout: FormLayout;
  onOpen(issue: FormIssue): void;
}) {
  const { t } = useTranslation('formEditor');
  const { token } = theme.useToken();
  const text = useIssueText();
  if (issues.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="issues-panel"
      title={t('issues.title', { count: issues.length })}
      description={
        <ul style={{ margin: 0, paddingLeft: token.paddingMD, maxHeight: 200, overflowY: 'auto' }}>
          {issues.map((issue, index) => {
            const place = issuePlace(issue, layout, t('tabs.permissions'));
            return (
              <li key={`${issue.target}-${issue.code}-${index}`}>
                <button
                  type="button"
                  onClick={() => onOpen(issue)}
                  style={{
                    all: 'unset',
                    cursor: 'pointer',
                    color: token.colorText,
                    textDecoration: 'underline dotted',
                  }}
                >
                  {place ? <strong>{place}: </strong> : null}
                  {text(issue)}
                </button>
              </li>
            );
          })}
        </ul>
      }
    />
  );
}
