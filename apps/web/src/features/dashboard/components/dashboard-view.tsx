// One dashboard: its toolbar (refresh, default, edit, delete), its filter bar and its grid of cards.
// Filter values apply after a short pause and are saved as the viewer's own; the owner edits the
// cards, the filters and the settings in place and saves them together.
import type { Dashboard, DashboardCard, DashboardFilterValues, SaveDashboardBody } from '@formloop/contracts';
import type { RecordFilter } from '@formloop/domain';
import { useQueryClient } from '@tanstack/react-query';
import Empty from 'antd/es/empty';
import theme from 'antd/es/theme';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { recordListHref } from '../../records/index.ts';
import { dashboardKeys, drillReport, useDashboardState, useSaveDashboard } from '../dashboards-api.ts';
import { cleanValues, dashboardFiltersOf, moveCard, pointKeys, resizeCard } from '../lib/dashboard-logic.ts';
import { useDashboardMessages } from '../messages.ts';
import { CardFrame } from './card-frame.tsx';
import { CardBody, type CardActions } from './dashboard-card.tsx';
import { DashboardGrid } from './dashboard-grid.tsx';
import { DashboardSettings } from './dashboard-settings.tsx';
import { DashboardToolbar } from './dashboard-toolbar.tsx';
import { EditCardBody } from './edit-card-body.tsx';
import { FilterBar } from './filter-bar.tsx';

/** Filter values apply (and are saved) this long after the last change (spec §9 search debounce). */
export const FILTER_DEBOUNCE_MS = 500;

export type DashboardDraft = Required<
  Pick<SaveDashboardBody, 'name' | 'description' | 'sharing' | 'teamIds' | 'roleIds' | 'refreshSeconds'>
> & { cards: DashboardCard[]; filters: Dashboard['filters'] };

const draftOf = (dashboard: Dashboard): DashboardDraft => ({
  name: dashboard.name,
  description: dashboard.description,
  sharing: dashboard.sharing,
  teamIds: dashboard.teamIds,
  roleIds: dashboard.roleIds,
  refreshSeconds: dashboard.refreshSeconds as DashboardDraft['refreshSeconds'],
  cards: dashboard.cards,
  filters: dashboard.filters,
});

export function DashboardView({ dashboard, onDeleted }: { dashboard: Dashboard; onDeleted: () => void }) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const { reason } = useDashboardMessages();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useDashboardState();
  const save = useSaveDashboard();
  const [values, setValues] = useState<DashboardFilterValues>(dashboard.filterValues);
  // Memoised: a new object each render would restart the pause forever.
  const cleaned = useMemo(() => cleanValues(values), [values]);
  const applied = useDebouncedValue(cleaned, FILTER_DEBOUNCE_MS);
  const appliedKey = JSON.stringify(applied);
  const savedKey = useRef(JSON.stringify(cleanValues(dashboard.filterValues)));
  const [draft, setDraft] = useState<DashboardDraft | null>(() =>
    dashboard.isMine && dashboard.cards.length === 0 ? draftOf(dashboard) : null,
  );

  // The viewer's filter values are theirs to keep: saved once they settle.
  const saveState = state.mutate;
  useEffect(() => {
    if (appliedKey === savedKey.current) return;
    savedKey.current = appliedKey;
    saveState(
      { id: dashboard.id, filterValues: JSON.parse(appliedKey) as DashboardFilterValues },
      { onError: (error) => toast.error(reason(error, t('filters.saveFailed'))) },
    );
  }, [appliedKey, dashboard.id, saveState, toast, reason, t]);

  const setFilter = useCallback(
    (id: string, value: DashboardFilterValues[string]) =>
      setValues((current) => ({ ...current, [id]: value })),
    [],
  );

  const actions: CardActions = {
    onFilter: setFilter,
    onDrillFilters: (moduleId, filters) => void navigate(recordListHref(moduleId, filters as RecordFilter[])),
    onDrillPoint: (card, answer, index) => {
      if (!card.definition) return;
      const keys = pointKeys(answer.result)[index] ?? [];
      drillReport({
        definition: card.definition,
        filters: dashboardFiltersOf(card.definition, answer.filters) as RecordFilter[],
        keys,
      }).then(
        (drill) => void navigate(recordListHref(drill.moduleId, drill.filters as RecordFilter[])),
        (error: unknown) => toast.error(reason(error, t('cards.drillFailed'))),
      );
    },
  };

  const editing = draft !== null;
  const cards = draft?.cards ?? dashboard.cards;
  const filters = draft?.filters ?? dashboard.filters;
  const changeCards = (change: (cards: DashboardCard[]) => DashboardCard[]) =>
    setDraft((current) => (current ? { ...current, cards: change(current.cards) } : current));
  const titleOf = (card: DashboardCard) => card.title || t(`cardTypes.${card.type}`);

  const submit = () => {
    if (!draft) return;
    save.mutate(
      { id: dashboard.id, ...draft },
      {
        onSuccess: () => {
          setDraft(null);
          toast.success(t('server.saved'));
        },
        onError: (error) => toast.error(reason(error, t('edit.saveFailed'))),
      },
    );
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: token.margin, minWidth: 0 }}>
      <DashboardToolbar
        dashboard={dashboard}
        editing={editing}
        saving={save.isPending}
        onRefresh={() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.cards(dashboard.id) })}
        onEdit={() => setDraft(draftOf(dashboard))}
        onCancel={() => setDraft(null)}
        onSave={submit}
        onDeleted={onDeleted}
      />
      {draft ? <DashboardSettings draft={draft} onChange={setDraft} /> : null}
      <FilterBar filters={filters} values={values} onChange={setFilter} onClear={() => setValues({})} />
      {cards.length === 0 ? (
        <Empty description={editing ? t('edit.noCards') : t('view.noCards')} />
      ) : (
        <DashboardGrid
          cards={cards}
          editing={editing}
          onLayout={(layout) =>
            changeCards((current) =>
              current.map((card) => {
                const item = layout.find((entry) => entry.i === card.id);
                return item ? { ...card, x: item.x, y: item.y, w: item.w, h: item.h } : card;
              }),
            )
          }
          renderCard={(card, height) => (
            <CardFrame
              card={card}
              title={titleOf(card)}
              editing={
                editing
                  ? {
                      onTitle: (title) =>
                        changeCards((current) =>
                          current.map((one) => (one.id === card.id ? { ...one, title } : one)),
                        ),
                      onMove: (step) => changeCards((current) => moveCard(current, card.id, step)),
                      onResize: (step) => changeCards((current) => resizeCard(current, card.id, step)),
                      onRemove: () => changeCards((current) => current.filter((one) => one.id !== card.id)),
                    }
                  : undefined
              }
            >
              {editing ? (
                <EditCardBody
                  card={card}
                  filters={filters}
                  onChange={(patch) =>
                    changeCards((current) =>
                      current.map((one) => (one.id === card.id ? { ...one, ...patch } : one)),
                    )
                  }
                />
              ) : (
                <CardBody
                  dashboard={dashboard}
                  card={card}
                  values={applied}
                  title={titleOf(card)}
                  height={Math.max(160, height)}
                  actions={actions}
                />
              )}
            </CardFrame>
          )}
        />
      )}
    </div>
  );
}
