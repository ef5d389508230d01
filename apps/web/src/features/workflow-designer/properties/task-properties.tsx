import Form from 'antd/es/form';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { ApproverPicker } from '../assignees/approver-picker.tsx';
import { WORKFLOW_DESIGNER_NAMESPACE } from '../model/labels.ts';
import { readAllowSendBack, readApprovers } from '../model/properties.ts';
import { propertyInputId, type KindPropertiesProps } from './kind-properties-props.ts';
import { OutcomeList } from './outcome-list.tsx';

/** Approval and UserTask: who gets the task, a UserTask's buttons, and whether send-back is allowed. */
export function TaskProperties({
  activity,
  definition,
  formFields,
  setProps,
  onChange,
}: KindPropertiesProps) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const approversId = propertyInputId('assignment');
  const sendBackId = propertyInputId('allowSendBack');
  return (
    <>
      <Form.Item
        label={t('properties.assignment')}
        htmlFor={approversId}
        extra={<span id={`${approversId}-help`}>{t('properties.assignmentHelp')}</span>}
      >
        <ApproverPicker
          id={approversId}
          aria-describedby={`${approversId}-help`}
          value={readApprovers(activity)}
          onChange={(assignment) => setProps({ assignment })}
          userFields={formFields.userFields}
        />
      </Form.Item>
      {activity.type === 'UserTask' ? (
        <Form.Item>
          <OutcomeList activity={activity} definition={definition} property="actions" onChange={onChange} />
        </Form.Item>
      ) : null}
      <Form.Item>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <Switch
            id={sendBackId}
            size="small"
            checked={readAllowSendBack(activity)}
            onChange={(allowSendBack) => setProps({ allowSendBack })}
          />
          <label htmlFor={sendBackId}>{t('properties.allowSendBack')}</label>
        </div>
      </Form.Item>
    </>
  );
}
