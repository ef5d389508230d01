import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { translateMessageKey } from '../shared/i18n/translate-message.ts';

/** Render failure (spec §2): 'Something went wrong.' with Reload, or the offline notice. */
export function RouteError() {
  const { t } = useTranslation(['common', 'validation']);
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h1 style={{ fontSize: 24, fontWeight: 600 }}>
        {translateMessageKey(t, offline ? 'offline' : 'somethingWentWrong')}
      </h1>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('reload')}
      </Button>
    </div>
  );
}
