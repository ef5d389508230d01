import Button from 'antd/es/button';
import Result from 'antd/es/result';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { translateMessage, translateMessageKey } from '../../../shared/i18n/translate-message.ts';

const REASONS = ['notAssigned', 'licence', 'removed'] as const;

/** /403 (spec §2): the optional message query parameter is shown as (sanitised) HTML. */
export function ForbiddenPage() {
  const { t } = useTranslation(['errors', 'validation']);
  const [params] = useSearchParams();
  const message = params.get('message');
  return (
    <Result
      status="403"
      title="403"
      subTitle={translateMessageKey(t, 'forbidden')}
      extra={
        <Link to="/">
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    >
      {message ? (
        <div
          data-testid="forbidden-message"
          dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(translateMessage(t, message)) }}
        />
      ) : null}
      <p>{t('forbidden.reasonsTitle')}</p>
      <ul>
        {REASONS.map((reason) => (
          <li key={reason}>{t(`forbidden.reasons.${reason}`)}</li>
        ))}
      </ul>
    </Result>
  );
}

export default ForbiddenPage;
