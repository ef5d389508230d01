import type { AppExample } from '@formloop/contracts';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { useAppExamples } from '../api.ts';
import { CardGrid } from './app-section.tsx';

/**
 * Create App's template gallery (issue 25 item 1): the tenant's example apps, each a button that
 * starts a new app from a copy of it (its form, workflow, permissions and e-mail templates, without
 * records). Nothing while they load, when they fail, or in a tenant without examples.
 */
export function ExampleGallery({
  enabled,
  onChoose,
}: {
  enabled: boolean;
  onChoose: (example: AppExample) => void;
}) {
  const { t } = useTranslation('applications');
  const { token } = theme.useToken();
  const examples = useAppExamples(enabled);
  const list = examples.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="create-app-examples" style={{ marginBottom: token.marginLG }}>
      <h2
        id="create-app-examples"
        style={{ fontSize: token.fontSizeLG, margin: `${token.marginXS}px 0 ${token.marginXXS}px` }}
      >
        {t('examples.title')}
      </h2>
      <p style={{ margin: `0 0 ${token.marginSM}px`, color: token.colorTextSecondary }}>
        {t('examples.intro')}
      </p>
      <CardGrid>
        {list.map((example) => (
          <li key={example.id}>
            <button
              type="button"
              onClick={() => onChoose(example)}
              data-testid="create-app-example"
              style={{
                width: '100%',
                minHeight: 44,
                height: '100%',
                textAlign: 'start',
                padding: `${token.paddingXS}px ${token.paddingSM}px`,
                border: `1px solid ${token.colorBorder}`,
                borderRadius: token.borderRadius,
                background: token.colorBgContainer,
                color: token.colorText,
                cursor: 'pointer',
                font: 'inherit',
              }}
            >
              <strong style={{ display: 'block' }}>{example.display_name}</strong>
              {example.module_description ? (
                <span
                  style={{ display: 'block', color: token.colorTextSecondary, fontSize: token.fontSizeSM }}
                >
                  {example.module_description}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </CardGrid>
      <p style={{ margin: `${token.marginMD}px 0 0`, fontWeight: 600 }}>{t('examples.orScratch')}</p>
    </section>
  );
}
