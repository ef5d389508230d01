import CopyOutlined from '@ant-design/icons/es/icons/CopyOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import StarFilled from '@ant-design/icons/es/icons/StarFilled';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import type { ReportListItem } from '@formloop/contracts';
import { SEARCH_DEBOUNCE_MS } from '@formloop/domain';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input/Input';
import List from 'antd/es/list';
import Pagination from 'antd/es/pagination';
import Popconfirm from 'antd/es/popconfirm';
import Skeleton from 'antd/es/skeleton';
import Tabs from 'antd/es/tabs';
import theme from 'antd/es/theme';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useDeclarePageTrail } from '../../../shared/navigation/page-trail.ts';
import { formatDate } from '../../../shared/organization/use-organization-preference.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import {
  failureReason,
  useCopyReport,
  useDeleteReport,
  useFavouriteReport,
  useReportMessages,
} from '../../reports/index.ts';
import { useQuestionTable } from '../api.ts';
import { BI_NAMESPACE } from '../messages.ts';
import { BI_REPORTS_PATH, questionHref } from '../paths.ts';

const PAGE_SIZE = 20;
/** The tab of every collection. */
const ALL = '__all__';

/** /bi-reports (spec §2): the saved BI questions by collection, with search, favourites, copy and delete. */
export function BiReportsPage() {
  const { t } = useTranslation(BI_NAMESPACE);
  const { token } = theme.useToken();
  const { translate } = useReportMessages();
  const toast = useToast();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [collection, setCollection] = useState(ALL);
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const table = useQuestionTable({
    page,
    length: PAGE_SIZE,
    search: settledSearch,
    ...(collection !== ALL ? { collection } : {}),
  });
  const [known, setKnown] = useState<string[]>([]);
  const favourite = useFavouriteReport();
  const copy = useCopyReport();
  const remove = useDeleteReport();
  useDeclarePageTrail(BI_REPORTS_PATH, [
    { key: 'bi-reports', title: t('list.title'), href: BI_REPORTS_PATH },
  ]);

  // A new search or collection starts at the first page.
  useEffect(() => setPage(1), [settledSearch, collection]);
  // The tabs keep every collection seen, so choosing one never hides the others.
  const answered = table.data?.collections;
  useEffect(() => {
    if (answered)
      setKnown((current) => [...new Set([...current, ...answered])].sort((a, b) => a.localeCompare(b)));
  }, [answered]);

  const newQuestion = () => void navigate(questionHref());
  const onFavourite = (item: ReportListItem) =>
    favourite.mutate(
      { id: item.id, isFavourite: !item.isFavourite },
      { onError: (error) => toast.error(failureReason(error, translate, t('list.favouriteFailed'))) },
    );
  const onCopy = (item: ReportListItem) =>
    copy.mutate(item.id, {
      onSuccess: () => toast.success(t('list.copied')),
      onError: (error) => toast.error(failureReason(error, translate, t('list.copyFailed'))),
    });
  const onDelete = (item: ReportListItem) =>
    remove.mutate(item.id, {
      onSuccess: () => {
        toast.success(t('list.deleted'));
        if (table.data?.data.length === 1 && page > 1) setPage(page - 1);
      },
      onError: (error) => toast.error(failureReason(error, translate, t('list.deleteFailed'))),
    });

  const narrowed = settledSearch !== '' || collection !== ALL;
  let content;
  if (table.isPending) content = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (table.isError && !table.data) {
    content = (
      <LoadFailedAlert
        title={t('list.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void table.refetch()}
      />
    );
  } else if ((table.data?.data.length ?? 0) === 0) {
    content = (
      <Empty description={narrowed ? t('list.noMatches') : t('list.empty')} data-testid="bi-empty">
        {narrowed ? null : (
          <Button type="primary" onClick={newQuestion}>
            {t('list.new')}
          </Button>
        )}
      </Empty>
    );
  } else {
    const data = table.data;
    content = (
      <>
        <List<ReportListItem>
          data-testid="bi-question-list"
          loading={table.isFetching || remove.isPending || copy.isPending}
          dataSource={data?.data ?? []}
          rowKey="id"
          renderItem={(item) => (
            <List.Item
              style={{ flexWrap: 'wrap', gap: token.marginXS, alignItems: 'flex-start' }}
              actions={[
                <Button
                  key="favourite"
                  type="text"
                  size="small"
                  aria-pressed={item.isFavourite}
                  aria-label={t(item.isFavourite ? 'list.unfavourite' : 'list.favourite', {
                    name: item.name,
                  })}
                  icon={
                    item.isFavourite ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />
                  }
                  onClick={() => onFavourite(item)}
                />,
                <Button
                  key="copy"
                  type="text"
                  size="small"
                  aria-label={t('list.copy', { name: item.name })}
                  icon={<CopyOutlined />}
                  onClick={() => onCopy(item)}
                />,
                ...(item.isMine
                  ? [
                      <Popconfirm
                        key="delete"
                        title={t('list.deleteConfirm', { name: item.name })}
                        okText={t('list.delete')}
                        cancelText={t('cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => onDelete(item)}
                      >
                        <Button
                          type="text"
                          size="small"
                          danger
                          aria-label={t('list.deleteNamed', { name: item.name })}
                          icon={<DeleteOutlined />}
                        />
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                style={{ minWidth: 0, flex: '1 1 200px' }}
                title={
                  <Link to={questionHref(item.id)} style={{ overflowWrap: 'anywhere' }}>
                    {item.name}
                  </Link>
                }
                description={
                  <span style={{ overflowWrap: 'anywhere' }}>
                    {item.description ? `${item.description} · ` : ''}
                    {t('list.meta', {
                      app: item.moduleName,
                      owner: item.ownerName,
                      date: formatDate(item.modifiedOn),
                    })}
                  </span>
                }
              />
            </List.Item>
          )}
        />
        {data && data.recordsFiltered > PAGE_SIZE ? (
          <Pagination
            style={{ marginTop: token.margin, flexWrap: 'wrap' }}
            current={page}
            pageSize={PAGE_SIZE}
            total={data.recordsFiltered}
            showSizeChanger={false}
            onChange={setPage}
          />
        ) : null}
      </>
    );
  }

  return (
    <div style={{ padding: token.paddingLG, minWidth: 0 }} data-testid="bi-reports-page">
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: token.margin,
        }}
      >
        <h2 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{t('list.title')}</h2>
        <Button type="primary" icon={<PlusOutlined />} onClick={newQuestion}>
          {t('list.new')}
        </Button>
      </div>
      <p style={{ color: token.colorTextSecondary }}>{t('list.intro')}</p>
      {known.length > 0 ? (
        <Tabs
          activeKey={collection}
          onChange={setCollection}
          items={[
            { key: ALL, label: t('list.allCollections') },
            ...known.map((name) => ({ key: name, label: name })),
          ]}
        />
      ) : null}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginSM, marginBottom: token.marginMD }}>
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.searchLabel')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
      </div>
      {content}
    </div>
  );
}

export default BiReportsPage;
