import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APP_LANGUAGES,
  FALLBACK_LANGUAGE,
  isAppLanguage,
  LANGUAGE_NAMES,
  type AppLanguage,
} from '../i18n/languages.ts';

/**
 * Picks the UI language; i18next remembers the choice in localStorage. A popover of buttons rather
 * than a Select: the sign-in pages already load the tooltip machinery, and Select would add ~40 KB.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const current = isAppLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;

  const change = async (language: AppLanguage) => {
    setOpen(false);
    // Load the new language's namespaces first, so the page does not flash a spinner.
    await i18n.loadLanguages(language);
    await i18n.changeLanguage(language);
  };

  const menu = (
    <div
      role="menu"
      aria-label={t('language')}
      style={{ display: 'flex', flexDirection: 'column', minWidth: 120 }}
    >
      {APP_LANGUAGES.map((language) => (
        <Button
          key={language}
          role="menuitemradio"
          aria-checked={language === current}
          type={language === current ? 'primary' : 'text'}
          ghost={language === current}
          lang={language}
          style={{ justifyContent: 'flex-start' }}
          onClick={() => void change(language)}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </div>
  );

  return (
    <Popover content={menu} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button
        // Named with the language it shows, so the visible text is part of its name (WCAG 2.5.3).
        aria-label={`${t('language')}: ${LANGUAGE_NAMES[current]}`}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="language-switcher"
      >
        {LANGUAGE_NAMES[current]}
      </Button>
    </Popover>
  );
}
