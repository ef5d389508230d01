import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import type { ValidationIssue, WorkflowDefinition } from '@formloop/workflow';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessageKey } from '../../../shared/i18n/translate-message.ts';
import { useUnavailableActivities } from '../assignees/use-unavailable-activities.ts';
import { ActivityIcon } from '../canvas/activity-icon.tsx';
import { renameActivity, setProperties } from '../model/definition-ops.ts';
import type { WorkflowFormFields } from '../model/form-fields.ts';
import { issueText } from '../model/issues.ts';
import { kindLabel, WORKFLOW_DESIGNER_NAMESPACE } from '../model/labels.ts';
import { DecisionProperties, SetFieldProperties } from './formula-properties.tsx';
import {
  HttpRequestProperties,
  JoinProperties,
  SendEmailProperties,
  TimerProperties,
} from './job-properties.tsx';
import { propertyInputId, type KindPropertiesProps } from './kind-properties-props.ts';
import { OutcomeList } from './outcome-list.tsx';
import { TaskProperties } from './task-properties.tsx';

function ForkProperties({ activity, definition, onChange }: KindPropertiesProps) {
  return (
    <Form.Item>
      <OutcomeList activity={activity} definition={definition} property="branches" onChange={onChange} />
    </Form.Item>
  );
}

/** The settings each kind has beyond its name (Start and End have none). */
const KIND_PROPERTIES: Record<string, ComponentType<KindPropertiesProps> | undefined> = {
  Approval: TaskProperties,
  UserTask: TaskProperties,
  Decision: DecisionProperties,
  Fork: ForkProperties,
  Join: JoinProperties,
  SendEmail: SendEmailProperties,
  HttpRequest: HttpRequestProperties,
  SetField: SetFieldProperties,
  Timer: TimerProperties,
};

export interface PropertiesPanelProps {
  definition: WorkflowDefinition;
  activityId: string | null;
  issues: readonly ValidationIssue[];
  formFields: WorkflowFormFields;
  /** `editKey` names the edited property: successive edits of it fold into one undo step. */
  onChange(next: WorkflowDefinition, editKey?: string): void;
  onDelete(activityId: string): void;
}

/** The selected activity's settings as a plain form: its name, then what its kind needs. */
export function PropertiesPanel(props: PropertiesPanelProps) {
  const { definition, activityId, issues, formFields, onChange, onDelete } = props;
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const { token } = theme.useToken();
  const unavailable = useUnavailableActivities(definition);
  const activity = definition.activities.find((candidate) => candidate.activityId === activityId);
  const own = useMemo(
    () => issues.filter((issue) => activityId !== null && issue.activityId === activityId),
    [issues, activityId],
  );

  if (!activity) {
    return (
      <section aria-labelledby="workflow-properties-title" data-testid="workflow-properties">
        <Typography.Title id="workflow-properties-title" level={5} style={{ marginTop: 0 }}>
          {t('properties.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('properties.nothingSelected')}</Typography.Text>
      </section>
    );
  }

  const id = activity.activityId;
  const Kind = KIND_PROPERTIES[activity.type];
  const kindProps: KindPropertiesProps = {
    activity,
    definition,
    formFields,
    issues: own,
    setProps: (patch, property) =>
      onChange(setProperties(definition, id, patch), property ? `${id}:${property}` : undefined),
    onChange: (next) => onChange(next),
  };
  const nameId = propertyInputId('displayName');

  return (
    <section aria-labelledby="workflow-properties-title" data-testid="workflow-properties">
      <Typography.Title
        id="workflow-properties-title"
        level={5}
        style={{ marginTop: 0, display: 'flex', gap: token.marginXS, alignItems: 'center' }}
      >
        <ActivityIcon type={activity.type} />
        {t('properties.titleOf', { kind: kindLabel(t, activity.type) })}
      </Typography.Title>
      {unavailable.has(id) ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: token.marginSM }}
          title={translateMessageKey(t, 'assigneeUnavailable', { name: activity.displayName })}
        />
      ) : null}
      {own.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: token.marginSM }}
          title={
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {own.map((issue, index) => (
                <li key={`${issue.code}-${index}`}>{issueText(t, issue, definition)}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Form layout="vertical" key={id} aria-labelledby="workflow-properties-title">
        <Form.Item
          label={t('properties.displayName')}
          htmlFor={nameId}
          extra={t('properties.activityId', { id })}
        >
          <Input
            id={nameId}
            value={activity.displayName}
            maxLength={200}
            onChange={(event) =>
              onChange(renameActivity(definition, id, event.target.value), `${id}:displayName`)
            }
          />
        </Form.Item>
        {Kind ? <Kind {...kindProps} /> : null}
        {activity.type !== 'Start' && activity.type !== 'End' && !Kind ? (
          <Typography.Paragraph type="secondary">{t('properties.unsupported')}</Typography.Paragraph>
        ) : null}
        <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => onDelete(id)}>
          {t('properties.delete')}
        </Button>
      </Form>
    </section>
  );
}
