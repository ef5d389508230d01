import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';

const FILE_NAME = 'recovery-codes.txt';

/** Offers the codes as a text file; the object URL is released once the download has started. */
function download(codes: readonly string[]) {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The ten one-time recovery codes, shown once right after enabling, with copy and download. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const toast = useToast();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(t('twoFactor.copied'));
    } catch {
      // No clipboard (insecure origin, denied permission): the codes are on screen and downloadable.
      toast.error(t('twoFactor.copyFailed'));
    }
  };

  return (
    <div data-testid="recovery-codes">
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={t('twoFactor.recoveryWarning')}
        style={{ marginBottom: 16 }}
      />
      <h3 style={{ marginTop: 0 }}>{t('twoFactor.recoveryTitle')}</h3>
      <ol
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, max-content))',
          columnGap: 32,
          rowGap: 4,
          fontFamily: 'monospace',
          fontSize: 16,
          paddingInlineStart: 24,
        }}
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button onClick={() => void copy()}>{t('twoFactor.copy')}</Button>
        <Button onClick={() => download(codes)}>{t('twoFactor.download')}</Button>
        <Button type="primary" onClick={onDone}>
          {t('twoFactor.done')}
        </Button>
      </Space>
    </div>
  );
}
