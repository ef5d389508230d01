import ExportOutlined from '@ant-design/icons/es/icons/ExportOutlined';
import Button from 'antd/es/button';
import Tabs from 'antd/es/tabs';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useDefinitions } from '../api.ts';
import { DefinitionsTable } from '../components/definitions-table.tsx';
import { EmailLogPanel } from '../components/email-log-panel.tsx';
import { InstancesPanel, type InstanceFilter } from '../components/instances-panel.tsx';
import { PROCESS_ENGINE_NAMESPACE } from '../messages.ts';

/** Where the dashboard lives; it opens in a new tab (spec §2). */
export const PROCESS_DASHBOARD_PATH = '/process/dashboard';

type TabKey = 'definitions' | 'instances' | 'emailLog';

/**
 * /process-engine (spec §2, §6: system administrators only; the server checks too): workflow
 * definitions, instances by status with a faulted instance's error and retry, and the e-mail send log.
 */
export function ProcessEnginePage() {
  const { t } = useTranslation(PROCESS_ENGINE_NAMESPACE);
  const { token } = theme.useToken();
  const [tab, setTab] = useState<TabKey>('definitions');
  const [filter, setFilter] = useState<InstanceFilter>({});
  const definitions = useDefinitions();

  return (
    <div style={{ padding: token.paddingLG }} data-testid="process-engine-page">
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: token.margin }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading3, marginTop: 0 }}>{t('title')}</h1>
        <Button
          href={PROCESS_DASHBOARD_PATH}
          target="_blank"
          rel="noopener"
          icon={<ExportOutlined aria-hidden />}
          iconPlacement="end"
        >
          {t('openDashboard')}
        </Button>
      </div>
      <p style={{ color: token.colorTextSecondary }}>{t('intro')}</p>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          {
            key: 'definitions',
            label: t('tabs.definitions'),
            children: (
              <>
                {definitions.isError ? (
                  <div style={{ marginBottom: token.marginMD }}>
                    <LoadFailedAlert
                      title={t('definitions.loadFailed')}
                      retryLabel={t('retryLoad')}
                      onRetry={() => void definitions.refetch()}
                    />
                  </div>
                ) : null}
                <DefinitionsTable
                  definitions={definitions.data}
                  loading={definitions.isFetching}
                  onShowInstances={(moduleId, status) => {
                    setFilter({ moduleId, ...(status ? { status } : {}) });
                    setTab('instances');
                  }}
                />
              </>
            ),
          },
          {
            key: 'instances',
            label: t('tabs.instances'),
            children: <InstancesPanel filter={filter} onFilter={setFilter} definitions={definitions.data} />,
          },
          { key: 'emailLog', label: t('tabs.emailLog'), children: <EmailLogPanel /> },
        ]}
      />
    </div>
  );
}

export default ProcessEnginePage;
