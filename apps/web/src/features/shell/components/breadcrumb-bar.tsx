import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import Breadcrumb from 'antd/es/breadcrumb';
import theme from 'antd/es/theme';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Crumb } from '../navigation.ts';
import { HOME_CRUMB_PATH, MAIN_CONTENT_ID } from '../shell-constants.ts';

/**
 * Whether the page in the main landmark has an h1 of its own, followed as the page renders: the
 * shell's title is then not a second h1 (one h1 per page, issue 25 item 3).
 */
function usePageHasHeading(): boolean {
  const [has, setHas] = useState(false);
  useEffect(() => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    const check = () => setHas(main.querySelector('h1') !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return has;
}

/**
 * The page title and breadcrumbs from the active menu entries, starting with a home crumb to
 * /dashboard (spec §2). /dashboard is a full page load, hence a plain link for that crumb.
 */
export function BreadcrumbBar({ trail }: { trail: readonly Crumb[] }) {
  const { t } = useTranslation(['shell', 'common']);
  const { token } = theme.useToken();
  const title = trail[trail.length - 1]?.title ?? '';
  const appName = t('common:appName');
  // The page's own h1 names it; the shell's title is then plain text (the same look).
  const Title = usePageHasHeading() ? 'p' : 'h1';

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
        <Title
          style={{
            margin: 0,
            fontSize: token.fontSizeHeading4,
            lineHeight: token.lineHeightHeading4,
            fontWeight: token.fontWeightStrong,
          }}
        >
          {title}
        </Title>
      ) : null}
      <nav aria-label={t('topBar.breadcrumbs')}>
        <Breadcrumb items={items} />
      </nav>
    </div>
  );
}
