import { FIELD_CONTROL_LEVELS } from '@formloop/domain';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';

/** What each level means, and what a cell without a rule does. */
export function PermissionsLegend() {
  const { t } = useTranslation('formReview');
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="perm-legend-title" data-testid="perm-legend">
      <h3 id="perm-legend-title" style={{ fontSize: token.fontSize, margin: `0 0 ${token.marginXS}px` }}>
        {t('permissions.legend.title')}
      </h3>
      <dl
        style={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: token.marginSM,
          rowGap: token.marginXXS,
          margin: 0,
        }}
      >
        {FIELD_CONTROL_LEVELS.map((control) => (
          <div key={control} style={{ display: 'contents' }}>
            <dt style={{ fontWeight: 600 }}>{t(`levels.${control}`)}</dt>
            <dd style={{ margin: 0, color: token.colorTextSecondary }}>
              {t(`permissions.legend.${control}`)}
            </dd>
          </div>
        ))}
        <dt style={{ fontWeight: 600, fontStyle: 'italic', color: token.colorTextTertiary }}>
          {t('permissions.legend.noRuleTerm')}
        </dt>
        <dd style={{ margin: 0, color: token.colorTextSecondary }}>{t('permissions.legend.noRule')}</dd>
      </dl>
    </section>
  );
}
