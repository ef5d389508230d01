import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import type { AppSummary } from '@formloop/contracts';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import theme from 'antd/es/theme';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';
import type { FavouriteTarget } from '../api.ts';
import { editorPath, modulePath } from '../paths.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { StatusTag } from './status-tag.tsx';

/** What a card shows: a full app, or only what a favourite entry carries. */
export type CardApp = FavouriteTarget & Partial<Pick<AppSummary, 'module_description' | 'status'>>;

/**
 * One app on /applications: icon, name (opens the app and counts the use), description, the
 * favourite star, and for builders the status and an Edit action to the editor.
 */
export function AppCard({
  app,
  isFavourite,
  builder,
  onOpen,
}: {
  app: CardApp;
  isFavourite: boolean;
  builder: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('applications');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <Card size="small" hoverable style={{ height: '100%' }} data-testid="app-card">
      <div style={{ display: 'flex', gap: token.marginSM, alignItems: 'flex-start' }}>
        <MenuIcon
          name={app.app_icon ?? app.category_icon}
          style={{ fontSize: 28, color: token.colorPrimary, marginTop: 2 }}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Link
            to={modulePath(app.id)}
            onClick={() => onOpen(app.id)}
            style={{ fontWeight: token.fontWeightStrong, display: 'block', overflowWrap: 'anywhere' }}
          >
            {app.display_name}
          </Link>
          {builder && app.status ? (
            <div style={{ marginTop: 4 }}>
              <StatusTag status={app.status} />
            </div>
          ) : null}
          {app.module_description ? (
            <p
              title={app.module_description}
              style={{
                margin: `${token.marginXXS}px 0 0`,
                color: token.colorTextSecondary,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {app.module_description}
            </p>
          ) : null}
        </div>
        <div style={{ display: 'flex' }}>
          <FavouriteButton app={app} isFavourite={isFavourite} />
          {builder ? (
            <Tooltip title={t('actions.editShort')}>
              <Button
                type="text"
                aria-label={t('actions.edit', { name: app.display_name })}
                icon={<EditOutlined aria-hidden />}
                onClick={() => void navigate(editorPath(app.id))}
              />
            </Tooltip>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/** A quick launch entry: the app's icon and name, one click to open it. */
export function QuickLaunchLink({ app, onOpen }: { app: CardApp; onOpen: (id: string) => void }) {
  const { token } = theme.useToken();
  return (
    <Link
      to={modulePath(app.id)}
      onClick={() => onOpen(app.id)}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: token.marginXXS,
        width: 104,
        padding: token.paddingSM,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
        textAlign: 'center',
      }}
    >
      <MenuIcon name={app.app_icon ?? app.category_icon} style={{ fontSize: 28 }} />
      <span style={{ fontSize: token.fontSizeSM, overflowWrap: 'anywhere' }}>{app.display_name}</span>
    </Link>
  );
}
