import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { AppSummary } from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { useModuleCategories } from '../../module-categories/index.ts';
import { useAppList, useApplications, useFavouriteApps, useMostUsed, useRecordUsage } from '../api.ts';
import { AppCard, QuickLaunchLink, type CardApp } from '../components/app-card.tsx';
import { AppSection, CardGrid } from '../components/app-section.tsx';
import { CreateAppDialog } from '../components/create-app-dialog.tsx';
import { SearchBox } from '../components/search-box.tsx';
import { groupApps, matchesSearch } from '../group-apps.ts';
import { FORM_EDITOR_LIST_PATH } from '../paths.ts';

/**
 * /applications (spec §2, every signed-in user): quick launch, favourites, most used and every app
 * the user may use under its group, with a search over all of them. Builders also see each app's
 * status, an Edit action and Create App.
 */
export function ApplicationsPage() {
  const { t } = useTranslation('applications');
  const { token } = theme.useToken();
  const { config } = useAuth();
  const builder = config ? canUseBuilder(config) : false;
  const apps = useApplications();
  // Every app, drafts too (ListForms): only builders may read it, and only needed when none is published.
  const drafts = useAppList('', builder && apps.data?.length === 0);
  const favourites = useFavouriteApps();
  const mostUsed = useMostUsed();
  const groups = useModuleCategories();
  const recordUsage = useRecordUsage();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  // A real link (it opens in a new tab too); a plain click stays in the app.
  const linkTo = (path: string) => ({
    href: path,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      void navigate(path);
    },
  });

  const view = useMemo(() => {
    const all = apps.data ?? [];
    const byId = new Map(all.map((app) => [app.id, app]));
    // The favourites list is the truth once loaded; until then each app's own flag.
    const favouriteIds = favourites.data
      ? new Set(favourites.data.map((entry) => entry.id))
      : new Set(all.filter((app) => app.is_favourite).map((app) => app.id));
    const favouriteCards: CardApp[] = (favourites.data ?? []).map(
      (entry) =>
        byId.get(entry.id) ?? {
          id: entry.id,
          display_name: entry.title || entry.display_name,
          category_icon: entry.category_icon,
        },
    );
    const used: CardApp[] = (mostUsed.data ?? []).map((entry) => byId.get(entry.id) ?? entry);
    const shown = all.filter((app) => matchesSearch(app, search));
    return {
      favouriteIds,
      quick: shown.filter((app) => app.add_to_quick_launch),
      favourites: favouriteCards.filter((app) => matchesSearch(app, search)),
      mostUsed: used.filter((app) => matchesSearch(app, search)),
      sections: groupApps(shown, groups.data ?? []),
    };
  }, [apps.data, favourites.data, mostUsed.data, groups.data, search]);

  const card = (app: CardApp) => (
    <li key={app.id}>
      <AppCard app={app} isFavourite={view.favouriteIds.has(app.id)} builder={builder} onOpen={recordUsage} />
    </li>
  );

  const createButton = builder ? (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
      {t('createApp')}
    </Button>
  ) : null;

  let content;
  if (apps.isPending) {
    content = (
      <div data-testid="applications-loading">
        <Skeleton active title paragraph={{ rows: 1 }} />
        <CardGrid>
          {[0, 1, 2, 3].map((index) => (
            <li key={index}>
              <Skeleton.Node active style={{ width: '100%', height: 96 }} />
            </li>
          ))}
        </CardGrid>
      </div>
    );
  } else if (apps.isError) {
    content = (
      <LoadFailedAlert title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void apps.refetch()} />
    );
  } else if (apps.data.length === 0) {
    // A builder whose apps are all drafts is told where they are, not that there are none.
    const draftCount = builder ? (drafts.data ?? []).filter((app) => app.status !== 'Published').length : 0;
    content = (
      <Empty
        description={
          draftCount > 0 ? t('draftsOnly', { count: draftCount }) : t(builder ? 'emptyBuilder' : 'emptyUser')
        }
        data-testid="applications-empty"
      >
        {draftCount > 0 ? (
          <Button type="primary" {...linkTo(FORM_EDITOR_LIST_PATH)} data-testid="open-form-editor">
            {t('openFormEditor')}
          </Button>
        ) : (
          createButton
        )}
      </Empty>
    );
  } else if (view.sections.length === 0 && view.favourites.length === 0) {
    content = <Empty description={t('noMatches')} data-testid="applications-no-matches" />;
  } else {
    content = (
      <>
        {view.quick.length > 0 ? (
          <AppSection title={t('sections.quickLaunch')} testId="quick-launch">
            <nav aria-label={t('sections.quickLaunch')}>
              <div style={{ display: 'flex', gap: token.marginSM, flexWrap: 'wrap' }}>
                {view.quick.map((app) => (
                  <QuickLaunchLink key={app.id} app={app} onOpen={recordUsage} />
                ))}
              </div>
            </nav>
          </AppSection>
        ) : null}
        <AppSection
          title={t('sections.favourites')}
          testId="favourites"
          hint={view.favourites.length === 0 && search === '' ? t('favouritesHint') : undefined}
        >
          <CardGrid>{view.favourites.map(card)}</CardGrid>
        </AppSection>
        {view.mostUsed.length > 0 ? (
          <AppSection title={t('sections.mostUsed')} testId="most-used">
            <CardGrid>{view.mostUsed.map(card)}</CardGrid>
          </AppSection>
        ) : null}
        <h2 style={{ fontSize: token.fontSizeHeading4, margin: `${token.marginLG}px 0 ${token.margin}px` }}>
          {t('sections.allApps')}
        </h2>
        {view.sections.map((section) => (
          <AppSection
            key={section.id ?? 'other'}
            title={section.name ?? t('otherGroup')}
            icon={section.icon}
            testId={`group-${section.id ?? 'other'}`}
          >
            <CardGrid>{section.apps.map((app: AppSummary) => card(app))}</CardGrid>
          </AppSection>
        ))}
      </>
    );
  }

  return (
    <div style={{ padding: token.paddingLG }} data-testid="applications-page">
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: token.margin,
          flexWrap: 'wrap',
          marginBottom: token.margin,
        }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{t('title')}</h1>
        <div style={{ display: 'flex', gap: token.margin, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <SearchBox label={t('search')} onSearch={setSearch} style={{ width: 280 }} />
          {builder ? (
            <Button
              icon={<EditOutlined aria-hidden />}
              {...linkTo(FORM_EDITOR_LIST_PATH)}
              data-testid="applications-form-editor-link"
            >
              {t('listTitle')}
            </Button>
          ) : null}
          {createButton}
        </div>
      </div>
      {content}
      {builder ? <CreateAppDialog open={creating} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}

export default ApplicationsPage;
