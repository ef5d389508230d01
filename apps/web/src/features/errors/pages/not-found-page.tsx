import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessageKey } from '../../../shared/i18n/translate-message.ts';

/** /404 and every unknown path (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation(['errors', 'validation']);
  return (
    <Result
      status="404"
      title={translateMessageKey(t, 'pageNotFound')}
      subTitle={t('notFound.description')}
      extra={
        <Link to="/">
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}

export default NotFoundPage;
