import BarChartOutlined from '@ant-design/icons/es/icons/BarChartOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPORT_DESIGNER_PATH, REPORTS_PATH } from '../paths.ts';

function EntryCard({ to, icon, title, hint }: { to: string; icon: ReactNode; title: string; hint: string }) {
  const { token } = theme.useToken();
  return (
    <li style={{ listStyle: 'none' }}>
      <Link
        to={to}
        style={{
          display: 'flex',
          gap: token.marginSM,
          alignItems: 'flex-start',
          padding: token.padding,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
          height: '100%',
        }}
      >
        <span style={{ fontSize: 22 }}>{icon}</span>
        <span>
          <span style={{ display: 'block', fontWeight: token.fontWeightStrong }}>{title}</span>
          <span style={{ display: 'block', color: token.colorTextSecondary }}>{hint}</span>
        </span>
      </Link>
    </li>
  );
}

/** The Reports section of /dashboard: to the saved reports and to a new one. */
export function ReportsSection() {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="reports-title">
      <h2 id="reports-title" style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>
        {t('reports.title')}
      </h2>
      <p style={{ color: token.colorTextSecondary }}>{t('reports.intro')}</p>
      <ul
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
          gap: token.margin,
          padding: 0,
          margin: 0,
        }}
      >
        <EntryCard
          to={REPORTS_PATH}
          icon={<BarChartOutlined aria-hidden />}
          title={t('reports.all')}
          hint={t('reports.allHint')}
        />
        <EntryCard
          to={REPORT_DESIGNER_PATH}
          icon={<PlusOutlined aria-hidden />}
          title={t('reports.new')}
          hint={t('reports.newHint')}
        />
      </ul>
    </section>
  );
}
