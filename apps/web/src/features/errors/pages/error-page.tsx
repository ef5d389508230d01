import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessageKey } from '../../../shared/i18n/translate-message.ts';

/** /error (spec §2): the generic error page, with Reload and a way home. */
export function ErrorPage() {
  const { t } = useTranslation(['errors', 'validation', 'common']);
  return (
    <Result
      status="error"
      title={translateMessageKey(t, 'somethingWentWrong')}
      subTitle={t('errorPage.description')}
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          {t('common:reload')}
        </Button>,
        <Link key="home" to="/">
          <Button>{t('backHome')}</Button>
        </Link>,
      ]}
    />
  );
}

export default ErrorPage;
