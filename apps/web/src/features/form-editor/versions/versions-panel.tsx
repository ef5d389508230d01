import type { AppVersionDto } from '@formloop/contracts';
import { diffDefinitions, type ModuleDefinition, type SelectableActivity } from '@formloop/domain';
import Card from 'antd/es/card';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { ChangeList } from './change-list.tsx';
import { groupLabels } from './format-change.ts';

export { DiffSummary, type DiffSummaryProps } from './diff-summary.tsx';

export interface VersionsPanelProps {
  draft: ModuleDefinition;
  published: ModuleDefinition | null;
  /** How many times the app was published: the number of the published version. */
  moduleVersion: number;
  versions: AppVersionDto[];
  /** The workflow's activities, to name permission rules of assignment activities. */
  activities?: SelectableActivity[];
}

const fieldCount = (definition: ModuleDefinition) =>
  definition.fieldGroups.reduce((sum, group) => sum + (group.fields?.length ?? 0), 0);

/**
 * Draft and published side by side (spec §4): what each holds, what the draft changes against the
 * published version, and every version published so far.
 */
export function VersionsPanel({ draft, published, moduleVersion, versions, activities }: VersionsPanelProps) {
  const { t } = useTranslation('formReview');
  const { token } = theme.useToken();
  const { preference } = useOrganizationPreference();
  const changes = useMemo(() => diffDefinitions(published, draft), [draft, published]);
  const context = useMemo(
    () => ({ groups: groupLabels(draft, published), activities }),
    [draft, published, activities],
  );
  const history = useMemo(
    () => [...versions].sort((a, b) => b.module_version - a.module_version),
    [versions],
  );
  const current = history.find((version) => version.module_version === moduleVersion);

  const counts = (definition: ModuleDefinition) =>
    t('versions.counts', { sections: definition.fieldGroups.length, fields: fieldCount(definition) });

  const summary = !published
    ? t('versions.notPublished')
    : changes.length === 0
      ? t('versions.upToDate', { version: moduleVersion })
      : t('versions.draftChanges', { count: changes.length, version: moduleVersion });

  const columns: ColumnsType<AppVersionDto> = [
    {
      key: 'version',
      title: t('versions.columns.version'),
      render: (_value, version) => (
        <span style={{ display: 'inline-flex', gap: token.marginXS, alignItems: 'center' }}>
          {version.module_version}
          {version.module_version === moduleVersion ? <Tag color="green">{t('versions.current')}</Tag> : null}
        </span>
      ),
    },
    {
      key: 'publishedOn',
      title: t('versions.columns.publishedOn'),
      render: (_value, version) => formatDate(version.published_on, 'datetime', preference),
    },
    {
      key: 'publishedBy',
      title: t('versions.columns.publishedBy'),
      render: (_value, version) => version.published_by_name ?? t('versions.unknownUser'),
    },
  ];

  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', gap: token.marginMD }}
      data-testid="versions-panel"
    >
      <Typography.Text strong data-testid="versions-summary">
        {summary}
      </Typography.Text>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
          gap: token.marginMD,
        }}
      >
        <Card size="small" title={t('versions.draftTitle')} data-testid="versions-draft">
          <div>{counts(draft)}</div>
          <Typography.Text type="secondary">
            {published
              ? t('versions.changeCount', { count: changes.length })
              : t('versions.notPublishedHint')}
          </Typography.Text>
        </Card>
        <Card
          size="small"
          title={
            published ? t('versions.publishedTitle', { version: moduleVersion }) : t('versions.publishedNone')
          }
          data-testid="versions-published"
        >
          {published ? (
            <>
              <div>{counts(published)}</div>
              {current ? (
                <Typography.Text type="secondary">
                  {t('versions.publishedBy', {
                    date: formatDate(current.published_on, 'datetime', preference),
                    name: current.published_by_name ?? t('versions.unknownUser'),
                  })}
                </Typography.Text>
              ) : null}
            </>
          ) : (
            <Typography.Text type="secondary">{t('versions.notPublished')}</Typography.Text>
          )}
        </Card>
      </div>
      <Card
        size="small"
        title={published ? t('versions.changesTitle', { version: moduleVersion }) : t('versions.firstTitle')}
      >
        <ChangeList changes={changes} context={context} />
      </Card>
      <Card size="small" title={t('versions.historyTitle')}>
        <Table<AppVersionDto>
          rowKey="module_version"
          size="small"
          columns={columns}
          dataSource={history}
          pagination={false}
          locale={{ emptyText: t('versions.historyEmpty') }}
          data-testid="versions-history"
        />
      </Card>
    </div>
  );
}
