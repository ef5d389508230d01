import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { PublicFrame } from '../components/public-frame.tsx';

/** /maintenance (spec §2): the scheduled-maintenance notice, with a way to try again. */
export function MaintenancePage() {
  const { t } = useTranslation('public');
  return (
    <PublicFrame>
      <Result
        status="warning"
        title={t('maintenance.title')}
        subTitle={t('maintenance.description')}
        extra={
          <Button type="primary" onClick={() => window.location.assign('/')}>
            {t('maintenance.tryAgain')}
          </Button>
        }
      >
        <p style={{ textAlign: 'center', margin: 0 }}>{t('maintenance.thanks')}</p>
      </Result>
    </PublicFrame>
  );
}

export default MaintenancePage;
