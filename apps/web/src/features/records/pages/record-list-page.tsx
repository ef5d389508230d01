import type { RecordForm } from '@formloop/contracts';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import theme from 'antd/es/theme';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useDeclarePageTrail, useShellCrumb } from '../../../shared/navigation/page-trail.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useRecordUsage } from '../../applications/index.ts';
import { useExactSummary, useRecordForm, useRecordSummary } from '../api.ts';
import { RecordListHeader } from '../components/record-list-header.tsx';
import { RecordsTab } from '../components/records-tab.tsx';
import { SummaryCards } from '../components/summary-cards.tsx';
import { listColumns } from '../lib/list-columns.ts';
import { APPLICATIONS_PATH } from '../paths.ts';

/**
 * Opening an app counts towards Most used, once per visit of an app that exists. The apps page
 * already counts the click that brought the user here (?from=applications): not counted twice.
 */
function useUsageOnce(moduleId: string) {
  const recordUsage = useRecordUsage();
  const [params] = useSearchParams();
  const counted = useRef<string | null>(null);
  const fromApps = params.get('from') === 'applications';
  useEffect(() => {
    if (counted.current === moduleId) return;
    counted.current = moduleId;
    if (!fromApps) recordUsage(moduleId);
  }, [moduleId, fromApps, recordUsage]);
}

function RecordListView({ form }: { form: RecordForm }) {
  const { t } = useTranslation('records');
  const { token } = theme.useToken();
  const summary = useRecordSummary(form.id);
  // Estimated figures ("about N") are counted exactly when the user asks; the answer then stands
  // in for the summary (and is counted again when the lists are refreshed).
  const [exactAsked, setExactAsked] = useState(false);
  const exactSummary = useExactSummary(form.id, exactAsked);
  const shownSummary = (exactAsked ? exactSummary.data : undefined) ?? summary.data;
  const countExactly = {
    onCount: () => {
      if (exactAsked) void exactSummary.refetch();
      else setExactAsked(true);
    },
    counting: exactAsked && exactSummary.isFetching,
    tooLong: exactAsked && exactSummary.data?.countIsEstimate === true,
  };
  useUsageOnce(form.id);
  const { pathname } = useLocation();
  const apps = useShellCrumb('apps');
  useDeclarePageTrail(pathname, [apps, { key: `app:${form.id}`, title: form.display_name, href: pathname }]);
  const columns = useMemo(() => listColumns(form.definition.fieldGroups), [form.definition.fieldGroups]);
  const drafts = shownSummary?.drafts;
  return (
    <div style={{ padding: token.paddingLG, display: 'flex', flexDirection: 'column', gap: token.marginLG }}>
      <RecordListHeader form={form} />
      <SummaryCards summary={shownSummary} loading={summary.isPending} countExactly={countExactly} />
      <Tabs
        items={[
          {
            key: 'records',
            label: t('tabs.records'),
            children: <RecordsTab form={form} kind="records" columns={columns} />,
          },
          {
            key: 'drafts',
            label: drafts === undefined ? t('tabs.drafts') : t('tabs.draftsCount', { count: drafts }),
            children: <RecordsTab form={form} kind="drafts" columns={columns} />,
          },
        ]}
      />
    </div>
  );
}

/** /module/{moduleId} (spec §2): an app's entries, its drafts, and what may be done with them. */
export function RecordListPage() {
  const { moduleId = '' } = useParams();
  const { t } = useTranslation('records');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const form = useRecordForm(moduleId);

  if (form.isPending) {
    return (
      <div style={{ padding: token.paddingLG }} data-testid="record-list-loading">
        <Skeleton active avatar paragraph={{ rows: 10 }} />
      </div>
    );
  }
  if (form.isError) {
    if (isApiError(form.error) && [403, 404].includes(form.error.status)) {
      return (
        <Result
          status="404"
          title={t('notFound.title')}
          subTitle={t('notFound.description')}
          data-testid="app-not-found"
          extra={
            <Button
              type="primary"
              href={APPLICATIONS_PATH}
              onClick={(event) => {
                // A real link (it opens in a new tab too); a plain click stays in the app.
                event.preventDefault();
                void navigate(APPLICATIONS_PATH);
              }}
            >
              {t('notFound.back')}
            </Button>
          }
        />
      );
    }
    return (
      <div style={{ padding: token.paddingLG }}>
        <LoadFailedAlert
          title={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void form.refetch()}
        />
      </div>
    );
  }
  // Keyed by app: another app starts with fresh tables, filters and views.
  return <RecordListView key={form.data.id} form={form.data} />;
}

export default RecordListPage;
