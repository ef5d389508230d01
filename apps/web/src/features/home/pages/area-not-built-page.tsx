import Button from 'antd/es/button';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AreaKey } from '../areas.ts';

/**
 * The honest stand-in for an area whose pages are not built yet: it says so, and leads home, rather
 * than pretending with an empty screen.
 */
export function AreaNotBuiltPage({ area }: { area: AreaKey }) {
  const { t } = useTranslation('home');
  const name = t(`areas.${area}`);
  return (
    <Result
      status="info"
      title={name}
      subTitle={t('notBuilt', { area: name })}
      extra={
        <Link to="/">
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}

export default AreaNotBuiltPage;
