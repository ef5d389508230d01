import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { WorkflowActivity, WorkflowDefinition } from '@formloop/workflow';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addOutcome,
  outcomeNameProblem,
  removeOutcome,
  renameOutcome,
  type OutcomeListProperty,
} from '../model/definition-ops.ts';
import { WORKFLOW_DESIGNER_NAMESPACE } from '../model/labels.ts';
import { stringList } from '../model/properties.ts';

/**
 * A Fork's branches or a UserTask's actions: the names its outgoing connections are labelled with.
 * A rename is applied when the box is left (or Enter is pressed) and only when the name is usable,
 * so a half-typed name that matches another one never merges their connections.
 */
export function OutcomeList({
  activity,
  definition,
  property,
  onChange,
}: {
  activity: WorkflowActivity;
  definition: WorkflowDefinition;
  property: OutcomeListProperty;
  onChange(next: WorkflowDefinition): void;
}) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const { token } = theme.useToken();
  const names = stringList(activity.properties[property]);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const id = `workflow-${property}`;

  const forget = (index: number) =>
    setDrafts((current) =>
      Object.fromEntries(Object.entries(current).filter(([at]) => Number(at) !== index)),
    );
  const commit = (index: number) => {
    const draft = drafts[index];
    if (draft !== undefined && !outcomeNameProblem(names, draft, index))
      onChange(renameOutcome(definition, activity.activityId, property, index, draft));
    forget(index);
  };

  return (
    <div role="group" aria-labelledby={`${id}-title`} style={{ display: 'grid', gap: token.marginXXS }}>
      <Typography.Text id={`${id}-title`} style={{ fontWeight: 500 }}>
        {t(`properties.${property}.title`)}
      </Typography.Text>
      {names.map((name, index) => {
        const value = drafts[index] ?? name;
        const problem = outcomeNameProblem(names, value, index);
        const errorId = `${id}-${index}-error`;
        return (
          <div key={index} style={{ display: 'grid', gap: 2 }}>
            <div style={{ display: 'flex', gap: token.marginXXS }}>
              <Input
                size="small"
                aria-label={t(`properties.${property}.item`, { n: index + 1 })}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? errorId : undefined}
                value={value}
                onChange={(event) => setDrafts((current) => ({ ...current, [index]: event.target.value }))}
                onBlur={() => commit(index)}
                onPressEnter={(event) => {
                  event.preventDefault();
                  commit(index);
                }}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t(`properties.${property}.remove`, { name })}
                disabled={names.length <= 1}
                onClick={() => {
                  setDrafts({});
                  onChange(removeOutcome(definition, activity.activityId, property, index));
                }}
              />
            </div>
            {problem ? (
              <div id={errorId} role="alert" style={{ color: token.colorError, fontSize: token.fontSizeSM }}>
                {t(`properties.outcomeName.${problem}`)}
              </div>
            ) : null}
          </div>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined aria-hidden />}
        onClick={() =>
          onChange(
            addOutcome(definition, activity.activityId, property, t(`properties.${property}.defaultName`)),
          )
        }
      >
        {t(`properties.${property}.add`)}
      </Button>
    </div>
  );
}
