import BgColorsOutlined from '@ant-design/icons/es/icons/BgColorsOutlined';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import GlobalOutlined from '@ant-design/icons/es/icons/GlobalOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import { useTranslation } from 'react-i18next';
import { useShellViewport } from '../hooks/use-shell-viewport.ts';
import { Link } from 'react-router';
import {
  APP_LANGUAGES,
  FALLBACK_LANGUAGE,
  isAppLanguage,
  LANGUAGE_NAMES,
  type AppLanguage,
} from '../../../shared/i18n/languages.ts';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import {
  COLOR_SCHEME_CHOICES,
  isColorSchemeChoice,
  setColorSchemeChoice,
  useColorSchemeChoice,
  type ColorSchemeChoice,
} from '../../../shared/ui/color-scheme.ts';
import { LOGOUT_PATH, PROFILE_PATH } from '../shell-constants.ts';

const LANGUAGE_KEY = 'language:';
const SCHEME_KEY = 'scheme:';

const SCHEME_LABEL_KEYS: Readonly<Record<ColorSchemeChoice, string>> = {
  system: 'user.appearanceSystem',
  light: 'user.appearanceLight',
  dark: 'user.appearanceDark',
};

/** The current choice gets the check mark (as in the language submenu); the others keep its room. */
const checkIcon = (current: boolean) =>
  current ? <CheckOutlined aria-hidden /> : <span aria-hidden style={{ width: 14 }} />;

/**
 * The user dropdown (spec §1): the full name, My Profile, the language and appearance submenus (the
 * colour scheme: the system's, light or dark, issue 25 item 8) and Logout.
 */
export function UserDropdown() {
  const { t, i18n } = useTranslation('shell');
  const { user } = useAuth();
  const current = isAppLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const scheme = useColorSchemeChoice();
  const fullname = user?.fullname || user?.username || '';
  // On a phone the name would push the top bar past the screen: the icon alone, named for readers.
  const { phone } = useShellViewport();

  const changeLanguage = async (language: AppLanguage) => {
    // Load the new language's namespaces first, so the page does not flash a spinner.
    await i18n.loadLanguages(language);
    await i18n.changeLanguage(language);
  };

  const items: MenuProps['items'] = [
    { key: 'name', type: 'group', label: fullname },
    {
      key: 'profile',
      icon: <UserOutlined aria-hidden />,
      label: <Link to={PROFILE_PATH}>{t('user.profile')}</Link>,
    },
    {
      key: 'language',
      icon: <GlobalOutlined aria-hidden />,
      label: t('user.language'),
      children: APP_LANGUAGES.map((language) => ({
        key: `${LANGUAGE_KEY}${language}`,
        icon:
          language === current ? <CheckOutlined aria-hidden /> : <span aria-hidden style={{ width: 14 }} />,
        label: (
          <span lang={language} aria-current={language === current ? 'true' : undefined}>
            {LANGUAGE_NAMES[language]}
          </span>
        ),
      })),
    },
    {
      key: 'appearance',
      icon: <BgColorsOutlined aria-hidden />,
      label: t('user.appearance'),
      children: COLOR_SCHEME_CHOICES.map((choice) => ({
        key: `${SCHEME_KEY}${choice}`,
        icon: checkIcon(choice === scheme),
        label: (
          <span aria-current={choice === scheme ? 'true' : undefined}>{t(SCHEME_LABEL_KEYS[choice])}</span>
        ),
      })),
    },
    { type: 'divider' },
    {
      key: 'logout',
      icon: <LogoutOutlined aria-hidden />,
      label: <Link to={LOGOUT_PATH}>{t('user.logout')}</Link>,
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const language = key.startsWith(LANGUAGE_KEY) ? key.slice(LANGUAGE_KEY.length) : null;
    if (isAppLanguage(language)) void changeLanguage(language);
    const choice = key.startsWith(SCHEME_KEY) ? key.slice(SCHEME_KEY.length) : null;
    if (isColorSchemeChoice(choice)) setColorSchemeChoice(choice);
  };

  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, onClick }}>
      <Button
        type="text"
        aria-haspopup="menu"
        title={t('user.menu')}
        aria-label={phone ? `${t('user.menu')}: ${fullname}` : undefined}
        icon={<UserOutlined aria-hidden />}
      >
        {phone ? null : fullname}
      </Button>
    </Dropdown>
  );
}
