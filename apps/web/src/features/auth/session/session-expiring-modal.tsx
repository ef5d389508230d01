import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { translateMessageKey } from '../../../shared/i18n/translate-message.ts';
import { formatCountdown } from './session-timing.ts';

interface SessionExpiringModalProps {
  remainingMs: number;
  refreshing: boolean;
  onContinue: () => void;
}

/**
 * 'Your session is expiring soon' with a live mm:ss countdown (spec §4). It cannot be dismissed by
 * the mask or Escape: the choice is to continue, or to be signed out when the count reaches zero.
 */
export function SessionExpiringModal({ remainingMs, refreshing, onContinue }: SessionExpiringModalProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const countdown = formatCountdown(remainingMs);
  return (
    <Modal
      open
      title={translateMessageKey(t, 'sessionExpiring')}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      centered
      footer={
        <Button type="primary" loading={refreshing} onClick={onContinue}>
          {t('session.continue')}
        </Button>
      }
    >
      <p>{t('session.expiringBody')}</p>
      <p
        role="timer"
        aria-label={t('session.timeLeft')}
        data-testid="session-countdown"
        style={{
          fontSize: 32,
          fontWeight: 600,
          textAlign: 'center',
          margin: '16px 0',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {countdown}
      </p>
    </Modal>
  );
}
