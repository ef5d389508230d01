import { TASK_LINK_FIELD } from '@formloop/domain';
import Alert from 'antd/es/alert';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { useEmailTemplateFields } from '../api.ts';
import { mergePlaceholders } from '../lib/placeholders.ts';
import { EmailTemplateEditor } from './email-template-editor.tsx';

export interface EmailTemplatesTabProps {
  moduleId: string;
  /** The form editor's current fields (machine name and label). */
  fields: { name: string; label: string }[];
}

/** An id-like sample: the same in every language, so it is not a translation. */
const SAMPLE_RECORD_ID = 'REC-000123';

/** The e-mail templates of an app, one per workflow event (spec §3), as a tab of the form editor. */
export function EmailTemplatesTab(props: EmailTemplatesTabProps) {
  // Its own boundary: loading this feature's texts must not blank the whole editor.
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <EmailTemplates {...props} />
    </Suspense>
  );
}

function EmailTemplates({ moduleId, fields }: EmailTemplatesTabProps) {
  const { t } = useTranslation('appSettings');
  const query = useEmailTemplateFields(moduleId);
  const { user } = useAuth();
  const { preference } = useOrganizationPreference();

  const placeholders = useMemo(
    () =>
      mergePlaceholders(query.data?.placeholders ?? [], fields, (name, fallback) =>
        t(`systemFields.${name}`, { defaultValue: fallback }),
      ),
    [query.data, fields, t],
  );

  const samples = useMemo(() => {
    const now = new Date();
    const values: Record<string, string> = {};
    for (const placeholder of placeholders) values[placeholder.name] = `[${placeholder.label}]`;
    return {
      ...values,
      record_id: SAMPLE_RECORD_ID,
      created_by: user?.fullname || t('samples.person'),
      created_at: formatDate(now, 'datetime', preference),
      modified_at: formatDate(now, 'datetime', preference),
      workflow_activity_name: t('samples.activity'),
      app_name: t('samples.appName'),
      [TASK_LINK_FIELD]: `${window.location.origin}/tasks`,
    };
  }, [placeholders, user, preference, t]);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) {
    return (
      <LoadFailedAlert
        title={t('email.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }

  return (
    <div data-testid="email-templates-tab">
      <p>{t('email.intro')}</p>
      {placeholders.every((p) => p.system) ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('email.emptyFields')} />
      ) : null}
      <Tabs
        tabPlacement="start"
        items={query.data.events.map((template) => ({
          key: template.event,
          label: (
            <span>
              {t(`events.${template.event}`)}
              {template.custom_subject || template.custom_body ? (
                <Tag style={{ marginInlineStart: 8 }} color="green">
                  {t('email.custom')}
                </Tag>
              ) : null}
            </span>
          ),
          children: (
            <EmailTemplateEditor
              moduleId={moduleId}
              template={template}
              placeholders={placeholders}
              samples={samples}
            />
          ),
        }))}
      />
    </div>
  );
}
