import type { UserLicence } from '@formloop/contracts';
import type { UserKind } from '@formloop/domain';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { VISUALLY_HIDDEN } from '../../../shared/ui/visually-hidden.ts';
import { useKindName } from '../messages.ts';

export const USER_MANAGEMENT_PATH = '/settings/user-management';
export const licencePath = (kind: UserKind) => `${USER_MANAGEMENT_PATH}/${kind}`;

/**
 * One card per licence kind: seats used of the limit (or unlimited) and how many are left. Each
 * card links to the list filtered by that licence; the selected one is marked.
 */
export function LicenceCards({
  licences,
  loading,
  failed,
  onRetry,
  selected,
}: {
  licences: UserLicence[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  selected: UserKind | null;
}) {
  const { t } = useTranslation('userManagement');
  const { token } = theme.useToken();
  const kindName = useKindName();

  if (failed) {
    return <LoadFailedAlert title={t('licences.loadFailed')} retryLabel={t('retry')} onRetry={onRetry} />;
  }
  if (loading || !licences) return <Skeleton active paragraph={{ rows: 2 }} />;

  return (
    <nav aria-label={t('licences.title')} data-testid="licence-cards">
      <ul
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          gap: token.margin,
          listStyle: 'none',
          padding: 0,
          margin: 0,
        }}
      >
        {licences.map((licence) => {
          const name = kindName(licence.kind);
          const active = selected === licence.kind;
          const full = licence.available === 0;
          const used =
            licence.limit === null
              ? t('licences.usedUnlimited', { used: licence.used })
              : t('licences.used', { used: licence.used, limit: licence.limit });
          const left =
            licence.available === null
              ? t('licences.unlimited')
              : t('licences.left', { seats: licence.available });
          return (
            <li key={licence.kind}>
              <Link
                to={licencePath(licence.kind)}
                aria-current={active ? 'page' : undefined}
                data-testid={`licence-card-${licence.kind}`}
                style={{
                  display: 'block',
                  padding: token.padding,
                  borderRadius: token.borderRadiusLG,
                  border: `${active ? 2 : 1}px solid ${active ? token.colorPrimary : token.colorBorderSecondary}`,
                  background: token.colorBgContainer,
                  color: token.colorText,
                }}
              >
                <div style={{ fontWeight: 600 }}>{name}</div>
                <div style={{ fontSize: token.fontSizeHeading4, margin: `${token.marginXXS}px 0` }}>
                  {used}
                </div>
                <div style={{ color: full ? token.colorError : token.colorTextSecondary }}>{left}</div>
                {/* What the card does, read after what it shows: its name keeps its text (WCAG 2.5.3). */}
                <span style={VISUALLY_HIDDEN}>{t('licences.filterBy', { name })}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
