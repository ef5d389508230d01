import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import Breadcrumb from 'antd/es/breadcrumb';
import theme from 'antd/es/theme';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Crumb } from '../navigation.ts';
import { HOME_CRUMB_PATH } from '../shell-constants.ts';

/**
 * The page title and breadcrumbs from the active menu entries, starting with a home crumb to
 * /dashboard (spec §2). /dashboard is a full page load, hence a plain link for that crumb.
 */
export function BreadcrumbBar({ trail }: { trail: readonly Crumb[] }) {
  const { t } = useTranslation(['shell', 'common']);
  const { token } = theme.useToken();
  const title = trail[trail.length - 1]?.title ?? '';
  const appName = t('common:appName');

  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);

  const items = [
    {
      key: 'home',
      title: (
        <a href={HOME_CRUMB_PATH} aria-label={t('topBar.homeCrumb')}>
          <HomeOutlined aria-hidden />
        </a>
      ),
    },
    ...trail.map((crumb, index) => ({
      key: `crumb-${index}-${crumb.key}`,
      title:
        index === trail.length - 1 ? (
          <span aria-current="page">{crumb.title}</span>
        ) : (
          <Link to={crumb.href}>{crumb.title}</Link>
        ),
    })),
  ];

  return (
    <div
      style={{
        padding: `${token.paddingSM}px ${token.paddingLG}px`,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {title ? (
        <h1 style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>
          {title}
        </h1>
      ) : null}
      <nav aria-label={t('topBar.breadcrumbs')}>
        <Breadcrumb items={items} />
      </nav>
    </div>
  );
}
