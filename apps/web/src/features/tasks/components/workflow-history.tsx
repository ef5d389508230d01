import type { WorkflowHistoryEntry } from '@formloop/contracts';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { useWorkflowHistory } from '../api.ts';
import { TASKS_NAMESPACE } from '../messages.ts';

/** Timeline colours by what happened: done is green, refused or broken red, going back orange. */
const ACTION_COLORS: Record<string, string> = {
  Approve: 'green',
  Completed: 'green',
  Finished: 'green',
  Resubmitted: 'blue',
  Reject: 'red',
  Faulted: 'red',
  SendBack: 'orange',
  Returned: 'orange',
  Withdraw: 'orange',
  Restart: 'gray',
  Retry: 'gray',
};

/** A word the engine wrote (an action, an outcome), in the reader's language when it is one we know. */
export const actionText = (t: TFunction, action: string) =>
  t(`history.actions.${action}`, { defaultValue: action });
export const outcomeText = (t: TFunction, outcome: string) =>
  t(`outcomes.${outcome}`, { defaultValue: outcome });

function EntryContent({ entry }: { entry: WorkflowHistoryEntry }) {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const { token } = theme.useToken();
  const lines: Array<[string, string]> = [];
  if (entry.initiatedBy) lines.push(['by', t('history.by', { name: entry.initiatedBy })]);
  if (entry.Assignee) lines.push(['assignee', t('history.assignee', { names: entry.Assignee })]);
  if (entry.Outcomes.length > 0) {
    const outcomes = entry.Outcomes.map((outcome) => outcomeText(t, outcome)).join(', ');
    lines.push(['outcome', t('history.outcome', { outcome: outcomes })]);
  }
  return (
    <div data-testid="history-entry" style={{ display: 'grid', gap: token.marginXXS }}>
      <Typography.Text strong>
        {actionText(t, entry.ActionType)}
        {entry.activityName ? ` · ${entry.activityName}` : ''}
      </Typography.Text>
      {lines.map(([key, text]) => (
        <Typography.Text key={key} type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {text}
        </Typography.Text>
      ))}
      {entry.Results.map((result, index) => (
        // Plain text (React escapes it); pre-wrap keeps the writer's line breaks.
        <blockquote
          key={index}
          style={{
            margin: 0,
            paddingInlineStart: token.paddingXS,
            borderInlineStart: `2px solid ${token.colorBorder}`,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {result.message}
        </blockquote>
      ))}
    </div>
  );
}

/** Every step of the entry's workflow, oldest first (GET {moduleId}/workflowhistory?recordId=). */
export function WorkflowHistory({ moduleId, recordId }: { moduleId: string; recordId: string }) {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const { preference } = useOrganizationPreference();
  const history = useWorkflowHistory(moduleId, recordId);
  if (history.isPending) return <Skeleton active paragraph={{ rows: 3 }} data-testid="history-loading" />;
  if (history.isError) {
    return (
      <LoadFailedAlert
        title={t('history.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (history.data.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />;
  }
  return (
    <Timeline
      items={history.data.map((entry, index) => ({
        key: `${entry.createdOn}-${index}`,
        color: ACTION_COLORS[entry.ActionType] ?? 'blue',
        title: <time dateTime={entry.createdOn}>{formatDate(entry.createdOn, 'datetime', preference)}</time>,
        content: <EntryContent entry={entry} />,
      }))}
    />
  );
}
