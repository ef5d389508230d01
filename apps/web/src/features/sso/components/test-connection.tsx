import type { SsoProvider, SsoTestCommand, SsoTestResult } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTestSsoConnection } from '../api.ts';
import { failureText, SSO_NAMESPACE, useSsoMessage } from '../messages.ts';

/**
 * 'Test connection': checks the provider's settings as they stand in the form (saved or not) against
 * the provider, and shows the answer under the button.
 */
export function TestConnection({
  provider,
  command,
}: {
  provider: SsoProvider;
  /** The test body from the form's current values, read when the button is pressed. */
  command: () => SsoTestCommand;
}) {
  const { t } = useTranslation(SSO_NAMESPACE);
  const translate = useSsoMessage();
  const test = useTestSsoConnection();
  const [result, setResult] = useState<SsoTestResult | null>(null);

  const run = () => {
    setResult(null);
    test.mutate(command(), {
      onSuccess: (answer) => setResult({ ok: answer.ok, message: translate(answer.message) }),
      onError: (error) => setResult({ ok: false, message: failureText(error, translate, t('test.failed')) }),
    });
  };

  return (
    <div style={{ marginTop: 8 }}>
      <Button onClick={run} loading={test.isPending} data-testid={`sso-test-${provider}`}>
        {t('test.button')}
      </Button>
      {result ? (
        <Alert
          type={result.ok ? 'success' : 'error'}
          showIcon
          role={result.ok ? 'status' : 'alert'}
          title={result.message}
          style={{ marginTop: 12 }}
          data-testid={`sso-test-${provider}-result`}
        />
      ) : null}
    </div>
  );
}
