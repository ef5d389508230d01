import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';

/**
 * The 'Sign In With' pair (spec §2). Third-party and SAML sign-in arrive in a later issue; until an
 * administrator configures them the buttons are shown disabled, with a tooltip that says why.
 */
export function SsoButtons() {
  const { t } = useTranslation('auth');
  const hint = t('login.ssoConfiguredByAdmin');
  const providers = [
    { key: 'external', label: t('login.thirdPartyAccount') },
    { key: 'saml', label: t('login.saml') },
  ];
  return (
    <>
      <Divider plain>{t('login.signInWith')}</Divider>
      <div style={{ display: 'flex', gap: 8 }}>
        {providers.map((provider) => (
          <Tooltip key={provider.key} title={hint}>
            {/* A disabled button fires no mouse events; the span gives the tooltip something to hover. */}
            <span
              style={{ flex: 1, display: 'inline-block', cursor: 'not-allowed' }}
              data-testid={`sso-${provider.key}`}
            >
              <Button block disabled style={{ pointerEvents: 'none' }}>
                {provider.label}
              </Button>
            </span>
          </Tooltip>
        ))}
      </div>
    </>
  );
}
