import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { SettingsTile } from '../components/settings-tile.tsx';
import { visibleSections } from '../tiles.ts';

/** /settings (spec §2): every settings and integration area the user's role may open, as tiles. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { token } = theme.useToken();
  const { config } = useAuth();
  const sections = visibleSections(config);

  return (
    <div style={{ padding: token.paddingLG }} data-testid="settings-page">
      <h1 style={{ fontSize: token.fontSizeHeading3, marginTop: 0 }}>{t('title')}</h1>
      <p style={{ color: token.colorTextSecondary, marginBottom: token.marginLG }}>{t('intro')}</p>
      {sections.map((section) => (
        <section
          key={section.key}
          aria-labelledby={`settings-section-${section.key}`}
          style={{ marginBottom: token.marginXL }}
        >
          <h2 id={`settings-section-${section.key}`} style={{ fontSize: token.fontSizeHeading4 }}>
            {t(`sections.${section.key}`)}
          </h2>
          <ul
            style={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              display: 'grid',
              gap: token.margin,
              gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
            }}
          >
            {section.tiles.map((tile) => (
              <li key={tile.key}>
                <SettingsTile tile={tile} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export default SettingsPage;
