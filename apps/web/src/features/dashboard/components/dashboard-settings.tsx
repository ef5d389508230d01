// Edit mode's settings: the dashboard's name, who sees it, how often it refreshes, its filters
// (kind, label, field) and the way to add a card.
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import {
  DASHBOARD_FILTER_KINDS,
  DASHBOARD_MAX_CARDS,
  DASHBOARD_MAX_FILTERS,
  DASHBOARD_REFRESH_SECONDS,
  REPORT_SHARING,
  type DashboardFilter,
} from '@formloop/contracts';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleOptions, useTeamOptions } from '../../reports/index.ts';
import { freshId, newCard } from '../lib/dashboard-logic.ts';
import { AddCardModal } from './add-card-modal.tsx';
import type { DashboardDraft } from './dashboard-view.tsx';

export function DashboardSettings({
  draft,
  onChange,
}: {
  draft: DashboardDraft;
  onChange: (draft: DashboardDraft) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const [adding, setAdding] = useState(false);
  const teams = useTeamOptions(draft.sharing === 'teams');
  const roles = useRoleOptions(draft.sharing === 'roles');
  const patch = (change: Partial<DashboardDraft>) => onChange({ ...draft, ...change });
  const setFilter = (id: string, change: Partial<DashboardFilter>) =>
    patch({ filters: draft.filters.map((filter) => (filter.id === id ? { ...filter, ...change } : filter)) });
  const field = { display: 'grid', gap: 2, fontSize: token.fontSizeSM, minWidth: 0 } as const;

  return (
    <section
      aria-label={t('edit.title')}
      data-testid="dashboard-settings"
      style={{
        display: 'grid',
        gap: token.marginSM,
        padding: token.padding,
        border: `1px dashed ${token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM }}>
        <label style={{ ...field, flex: '1 1 220px' }}>
          {t('edit.name')}
          <Input
            value={draft.name}
            maxLength={100}
            onChange={(event) => patch({ name: event.target.value })}
          />
        </label>
        <label style={field}>
          {t('edit.sharing')}
          <Select
            aria-label={t('edit.sharing')}
            value={draft.sharing}
            style={{ width: 180 }}
            options={REPORT_SHARING.filter(
              (one) => one === 'private' || one === 'everyone' || draft.sharing === one,
            ).map((one) => ({ value: one, label: t(`sharing.${one}`) }))}
            onChange={(sharing) => patch({ sharing })}
          />
        </label>
        {draft.sharing === 'teams' ? (
          <label style={{ ...field, flex: '1 1 220px' }}>
            {t('edit.teams')}
            <Select
              mode="multiple"
              aria-label={t('edit.teams')}
              value={draft.teamIds}
              loading={teams.isPending}
              optionFilterProp="label"
              options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.team_name }))}
              onChange={(teamIds: string[]) => patch({ teamIds })}
            />
          </label>
        ) : null}
        {draft.sharing === 'roles' ? (
          <label style={{ ...field, flex: '1 1 220px' }}>
            {t('edit.roles')}
            <Select
              mode="multiple"
              aria-label={t('edit.roles')}
              value={draft.roleIds}
              loading={roles.isPending && !roles.isError}
              optionFilterProp="label"
              options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.role_name }))}
              onChange={(roleIds: string[]) => patch({ roleIds })}
            />
          </label>
        ) : null}
        <label style={field}>
          {t('edit.refresh')}
          <Select
            aria-label={t('edit.refresh')}
            value={draft.refreshSeconds}
            style={{ width: 180 }}
            options={DASHBOARD_REFRESH_SECONDS.map((seconds) => ({
              value: seconds,
              label: seconds === 0 ? t('edit.refreshNever') : t('view.refreshEvery', { seconds }),
            }))}
            onChange={(refreshSeconds) => patch({ refreshSeconds })}
          />
        </label>
      </div>

      <fieldset
        style={{ border: 0, padding: 0, margin: 0, display: 'grid', gap: token.marginXS, minWidth: 0 }}
      >
        <legend style={{ fontWeight: token.fontWeightStrong }}>{t('edit.filters')}</legend>
        {draft.filters.map((filter, index) => (
          <div key={filter.id} style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS }}>
            <Select
              aria-label={t('edit.filterKind', { n: index + 1 })}
              value={filter.kind}
              style={{ width: 150 }}
              options={DASHBOARD_FILTER_KINDS.map((kind) => ({
                value: kind,
                label: t(`filterKinds.${kind}`),
              }))}
              onChange={(kind) => setFilter(filter.id, { kind })}
            />
            <Input
              aria-label={t('edit.filterLabel', { n: index + 1 })}
              placeholder={t('edit.filterLabelHint')}
              value={filter.label}
              onChange={(event) => setFilter(filter.id, { label: event.target.value })}
              style={{ flex: '1 1 140px', minWidth: 0 }}
            />
            <Input
              aria-label={t('edit.filterField', { n: index + 1 })}
              placeholder={t('edit.filterFieldHint')}
              value={filter.field}
              onChange={(event) => setFilter(filter.id, { field: event.target.value })}
              style={{ flex: '1 1 140px', minWidth: 0 }}
            />
            <Button
              danger
              icon={<DeleteOutlined />}
              aria-label={t('edit.removeFilter', { name: filter.label || filter.field || index + 1 })}
              onClick={() => patch({ filters: draft.filters.filter((one) => one.id !== filter.id) })}
            />
          </div>
        ))}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS }}>
          <Button
            icon={<PlusOutlined />}
            disabled={draft.filters.length >= DASHBOARD_MAX_FILTERS}
            onClick={() =>
              patch({
                filters: [
                  ...draft.filters,
                  { id: freshId('filter', draft.filters), label: '', kind: 'field', field: '' },
                ],
              })
            }
          >
            {t('edit.addFilter')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={draft.cards.length >= DASHBOARD_MAX_CARDS}
            onClick={() => setAdding(true)}
          >
            {t('edit.addCard')}
          </Button>
        </div>
      </fieldset>
      {adding ? (
        <AddCardModal
          onCancel={() => setAdding(false)}
          onAdd={(card) => {
            setAdding(false);
            patch({ cards: [...draft.cards, newCard(card.type, draft.cards, card)] });
          }}
        />
      ) : null}
    </section>
  );
}
