import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppExamples } from '../api.ts';
import { CREATE_APP_EXAMPLES_PATH } from '../paths.ts';

/** Set once the administrator closed the hint: it does not come back. */
export const EXAMPLES_HINT_KEY = 'formloop.hint.examples.dismissed';

const wasDismissed = () => {
  try {
    return localStorage.getItem(EXAMPLES_HINT_KEY) === '1';
  } catch {
    return false; // storage refused (private mode): the hint shows
  }
};
const rememberDismissed = () => {
  try {
    localStorage.setItem(EXAMPLES_HINT_KEY, '1');
  } catch {
    // storage refused: closed for this visit only
  }
};

/**
 * The first-run hint (issue 25 item 1): while the tenant has example apps, a builder is pointed to
 * Create App's gallery until they close the hint.
 */
export function ExamplesHint() {
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const examples = useAppExamples(!dismissed);
  if (dismissed || (examples.data ?? []).length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="examples-hint"
      title={t('examples.hintTitle')}
      description={
        // The button under the text, not beside it: beside, a phone's width leaves the text a sliver.
        <>
          <p style={{ margin: '0 0 8px' }}>{t('examples.hintText')}</p>
          <Button type="primary" onClick={() => void navigate(CREATE_APP_EXAMPLES_PATH)}>
            {t('examples.hintAction')}
          </Button>
        </>
      }
      closable={{
        'aria-label': t('examples.hintClose'),
        onClose: () => {
          rememberDismissed();
          setDismissed(true);
        },
      }}
    />
  );
}
