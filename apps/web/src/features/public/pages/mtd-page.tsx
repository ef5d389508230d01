import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { PublicFrame } from '../components/public-frame.tsx';

/** The placeholder's route; spec §2 keeps it out of every menu, so only a direct link leads here. */
export const MTD_PATH = '/mtd';

/** 'Back to home' goes to the task list when signed in, else to the root (spec §2). */
export function mtdHomeTarget(signedIn: boolean): string {
  return signedIn ? '/tasks' : '/';
}

/** Making Tax Digital for Corporation Tax: no confirmed dates yet, and the apps will be free to all users. */
export function MtdPage() {
  const { t } = useTranslation('public');
  const { authToken } = useAuth();
  const navigate = useNavigate();
  return (
    <PublicFrame>
      <Result
        status="info"
        title={t('mtd.title')}
        subTitle={t('mtd.noDates')}
        extra={
          <Button type="primary" onClick={() => void navigate(mtdHomeTarget(authToken !== null))}>
            {t('mtd.backHome')}
          </Button>
        }
      >
        <p style={{ textAlign: 'center', margin: 0 }}>{t('mtd.free')}</p>
      </Result>
    </PublicFrame>
  );
}

export default MtdPage;
