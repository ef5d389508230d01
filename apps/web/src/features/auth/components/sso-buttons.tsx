import { SSO_PATHS } from '@formloop/contracts';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSsoProviders } from '../../sso/index.ts';
import { RETURN_URL_PARAM, withReturnUrl } from '../return-url.ts';

interface SsoProviderButton {
  /** data-testid sso-<key>: 'external' is the third-party (OpenID Connect) account. */
  key: 'external' | 'saml';
  label: string;
  enabled: boolean;
  startPath: string;
}

/**
 * The 'Sign In With' pair (spec §2): a third-party (OpenID Connect) account and SAML. A provider the
 * tenant has switched on is a plain link: the sign-in leaves the app for the provider and comes back
 * through /authentication/sso, so it must be a full-page navigation, carrying the ReturnUrl. A provider
 * that is off (or while the tenant's settings load) is a disabled button whose tooltip says why.
 */
export function SsoButtons() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const returnUrl = params.get(RETURN_URL_PARAM);
  const providers = useSsoProviders();
  const buttons: SsoProviderButton[] = [
    {
      key: 'external',
      label: providers?.oidcDisplayName.trim() || t('login.thirdPartyAccount'),
      enabled: providers?.oidc === true,
      startPath: SSO_PATHS.oidcStart,
    },
    {
      key: 'saml',
      label: providers?.samlDisplayName.trim() || t('login.saml'),
      enabled: providers?.saml === true,
      startPath: SSO_PATHS.samlStart,
    },
  ];
  const disabledHint = t('login.ssoConfiguredByAdmin');
  return (
    <>
      <Divider plain>{t('login.signInWith')}</Divider>
      {/* Equal halves whatever the labels' lengths. */}
      <div style={{ display: 'flex', gap: 8 }}>
        {buttons.map((button) =>
          button.enabled ? (
            <Tooltip key={button.key} title={t('login.signInWithProvider', { name: button.label })}>
              <Button
                block
                href={withReturnUrl(button.startPath, returnUrl)}
                style={{ flex: '1 1 0' }}
                data-testid={`sso-${button.key}`}
              >
                {button.label}
              </Button>
            </Tooltip>
          ) : (
            <Tooltip key={button.key} title={disabledHint}>
              {/* A disabled button fires no mouse events; the span gives the tooltip something to hover. */}
              <span
                style={{ flex: '1 1 0', display: 'inline-block', cursor: 'not-allowed' }}
                data-testid={`sso-${button.key}`}
              >
                <Button block disabled style={{ pointerEvents: 'none' }}>
                  {button.label}
                </Button>
              </span>
            </Tooltip>
          ),
        )}
      </div>
    </>
  );
}
