import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../auth/api.ts';
import { useAuth, type AuthConfig } from '../../auth/auth-store.ts';
import { LOGIN_PATH } from '../../auth/return-url.ts';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher.tsx';

const ROLE_FLAGS = [
  'isSysAdmin',
  'isAdministrator',
  'isConsultant',
  'isFullUser',
] as const satisfies readonly (keyof AuthConfig)[];

/** '/': a minimal signed-in page until the application shell arrives. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { token } = theme.useToken();
  const { user, config } = useAuth();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const roles = ROLE_FLAGS.filter((flag) => config?.[flag] === true);

  const leave = async () => {
    setLeaving(true);
    await signOut();
    void navigate(LOGIN_PATH, { replace: true });
  };

  return (
    <main style={{ maxWidth: 720, margin: '0 auto', padding: token.paddingXL }}>
      <header
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: token.margin }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }} data-testid="signed-in-as">
          {t('signedInAs', { fullname: user?.fullname ?? '' })}
        </h1>
        <div style={{ display: 'flex', gap: token.marginSM }}>
          <LanguageSwitcher />
          <Button onClick={() => void leave()} loading={leaving}>
            {t('signOut')}
          </Button>
        </div>
      </header>
      <Descriptions
        column={1}
        bordered
        style={{ marginTop: token.marginLG }}
        items={[
          { key: 'username', label: t('username'), children: user?.username },
          { key: 'email', label: t('email'), children: user?.email },
          {
            key: 'roles',
            label: t('roles'),
            children:
              roles.length > 0
                ? roles.map((flag) => (
                    <Tag key={flag} color="green">
                      {t(`roleFlags.${flag}`)}
                    </Tag>
                  ))
                : t('standardUser'),
          },
        ]}
      />
    </main>
  );
}

export default HomePage;
