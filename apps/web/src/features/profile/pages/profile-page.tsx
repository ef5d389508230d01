import { launchPageApplies } from '@formloop/domain';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { useUserProfile } from '../api.ts';
import { ChangePasswordSection } from '../components/change-password-section.tsx';
import { LaunchPageSection } from '../components/launch-page-section.tsx';
import { SecurityQuestionsSection } from '../components/security-questions-section.tsx';
import { TimeZoneSection } from '../components/time-zone-section.tsx';
import { TwoFactorSection } from '../components/two-factor-section.tsx';
import { UserInfoSection } from '../components/user-info-section.tsx';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';

const HALF = { xs: 24, xl: 12 } as const;

/** /app/user/profile (My Profile, spec §2): every signed-in user's own settings. */
export function ProfilePage() {
  const { t } = useTranslation(['profile', 'validation']);
  const { token } = theme.useToken();
  const profile = useUserProfile();

  let content;
  if (profile.isPending) {
    content = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (profile.isError) {
    content = (
      <LoadFailedAlert
        title={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void profile.refetch()}
      />
    );
  } else {
    const data = profile.data;
    content = (
      <Row gutter={[token.marginLG, token.marginLG]}>
        <Col {...HALF}>
          <UserInfoSection profile={data} />
        </Col>
        <Col {...HALF}>
          <Row gutter={[token.marginLG, token.marginLG]}>
            <Col span={24}>
              <TimeZoneSection profile={data} />
            </Col>
            {/* The preference applies only to full users and administrators (spec §6). */}
            {launchPageApplies(data) ? (
              <Col span={24}>
                <LaunchPageSection profile={data} />
              </Col>
            ) : null}
          </Row>
        </Col>
        <Col {...HALF}>
          <ChangePasswordSection />
        </Col>
        <Col {...HALF}>
          <TwoFactorSection profile={data} />
        </Col>
        <Col span={24}>
          <SecurityQuestionsSection />
        </Col>
      </Row>
    );
  }

  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: token.paddingLG }} data-testid="profile-page">
      <h1 style={{ fontSize: token.fontSizeHeading3, marginTop: 0 }}>{t('title')}</h1>
      {content}
    </div>
  );
}

export default ProfilePage;
