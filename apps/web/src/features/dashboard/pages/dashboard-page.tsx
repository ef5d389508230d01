import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { QuickLaunchSection } from '../components/quick-launch-section.tsx';
import { ReportsSection } from '../components/reports-section.tsx';

/**
 * /dashboard and /dashboard-landing (spec §2 "Dashboards & Reports", full users and consultants):
 * the user's quick-launch tiles and the way to the reports. Dashboards of cards join later (issue 24
 * item 5).
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  return (
    <div style={{ padding: token.paddingLG }} data-testid="dashboard-page">
      <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{t('title')}</h1>
      <p style={{ color: token.colorTextSecondary }}>{t('intro')}</p>
      <QuickLaunchSection />
      <ReportsSection />
    </div>
  );
}

export default DashboardPage;
