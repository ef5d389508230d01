import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { ExamplesHint } from '../../applications/index.ts';
import { DashboardsSection } from '../components/dashboards-section.tsx';
import { QuickLaunchSection } from '../components/quick-launch-section.tsx';
import { ReportsSection } from '../components/reports-section.tsx';

/**
 * /dashboard and /dashboard-landing (spec §2 "Dashboards & Reports", full users and consultants):
 * the user's quick-launch tiles, their dashboards of cards (issue 24 item 5) and the way to the
 * reports.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  return (
    <div
      style={{ padding: token.paddingLG, display: 'grid', gap: token.marginLG, minWidth: 0 }}
      data-testid="dashboard-page"
    >
      {/* The page's heading is the shell's (its trail title): one h1 a page. */}
      <ExamplesHint />
      <p style={{ color: token.colorTextSecondary, margin: 0 }}>{t('intro')}</p>
      <div id="quick-launch">
        <QuickLaunchSection />
      </div>
      <DashboardsSection />
      <ReportsSection />
    </div>
  );
}

export default DashboardPage;
