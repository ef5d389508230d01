import type { ModuleDefinition, SelectableActivity } from '@formloop/domain';
import Alert from 'antd/es/alert';
import Drawer from 'antd/es/drawer';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../shared/ui/error-boundary.tsx';
import { FormRenderer } from '../../form-renderer/components.ts';

/** The form as its users will see it at an activity, from the editor's current (unsaved) layout. */
export function PreviewDrawer({
  open,
  definition,
  activities,
  onClose,
}: {
  open: boolean;
  definition: Pick<ModuleDefinition, 'fieldGroups' | 'permission'>;
  activities: SelectableActivity[];
  onClose(): void;
}) {
  const { t } = useTranslation('formEditor');
  const { token } = theme.useToken();
  const [activityId, setActivityId] = useState(activities[0]?.activityId ?? 'fs-start');
  const [values, setValues] = useState<Record<string, unknown>>({});
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('preview.title')}
      size="large"
      destroyOnHidden
      afterOpenChange={(visible) => (visible ? undefined : setValues({}))}
      extra={
        <Select
          aria-label={t('preview.activity')}
          style={{ minWidth: 180 }}
          value={activityId}
          onChange={setActivityId}
          options={activities.map((activity) => ({
            value: activity.activityId,
            label: t(`activities.${activity.activityId}`, { defaultValue: activity.displayName }),
          }))}
        />
      }
    >
      <div data-testid="form-preview" style={{ display: 'grid', gap: token.margin }}>
        <ErrorBoundary
          resetKeys={[definition, activityId]}
          fallback={<Alert type="error" showIcon title={t('preview.failed')} />}
        >
          <FormRenderer
            definition={definition}
            activityId={activityId}
            values={values}
            onChange={setValues}
          />
        </ErrorBoundary>
      </div>
    </Drawer>
  );
}
