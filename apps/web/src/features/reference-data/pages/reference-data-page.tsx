import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import type { ReferenceListSummary } from '@formloop/contracts';
import { SEARCH_DEBOUNCE_MS, validateSearch } from '@formloop/domain';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDeleteReferenceList, useReferenceCategories, useReferenceListSummaries } from '../api.ts';
import { ImportCsvModal } from '../components/import-csv-modal.tsx';
import { ReferenceListTable } from '../components/reference-list-table.tsx';
import { REFERENCE_DATA_NAMESPACE, failureReason, useReferenceMessages } from '../messages.ts';
import { NEW_LIST_ID, referenceDetailHref } from '../paths.ts';

/** /referencedata (spec §2): the reference data lists, with search, category filter, import and delete. */
export function ReferenceDataPage() {
  const { t } = useTranslation(REFERENCE_DATA_NAMESPACE);
  const { token } = theme.useToken();
  const { text, translate } = useReferenceMessages();
  const toast = useToast();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  // Spec §9: searches wait 500 ms after the last key before asking the server.
  const settled = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const searchError = validateSearch(search.trim());
  const filter = { search: settled, category: category ?? '' };
  // A search the server would refuse is not sent: the last answer stays on screen.
  const lists = useReferenceListSummaries(filter, validateSearch(settled) === null);
  const categories = useReferenceCategories();
  const remove = useDeleteReferenceList();

  const create = () => void navigate(referenceDetailHref(NEW_LIST_ID));
  const onDelete = (list: ReferenceListSummary) =>
    remove.mutate(list.id, {
      onSuccess: () => toast.success(text('listDeleted')),
      onError: (error) => toast.error(failureReason(error, translate, text('listDeleteFailed'))),
    });

  const filtering = filter.search !== '' || filter.category !== '';
  let content;
  if (lists.isPending) {
    content = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (lists.isError && !lists.data) {
    content = (
      <LoadFailedAlert title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void lists.refetch()} />
    );
  } else if (lists.data.length === 0 && !filtering) {
    content = (
      <Empty description={t('empty')} data-testid="reference-empty">
        <Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('add')}
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('import.open')}
          </Button>
        </Space>
      </Empty>
    );
  } else if (lists.data.length === 0) {
    content = <Empty description={t('noMatch')} data-testid="reference-no-match" />;
  } else {
    content = (
      <ReferenceListTable
        lists={lists.data}
        loading={lists.isFetching || remove.isPending}
        onDelete={onDelete}
      />
    );
  }

  return (
    <div style={{ padding: token.paddingLG }} data-testid="reference-data-page">
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: token.margin }}
      >
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{t('title')}</h1>
        <Space>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('import.open')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('add')}
          </Button>
        </Space>
      </div>
      <p style={{ color: token.colorTextSecondary }}>{t('intro')}</p>
      <Space wrap align="start" style={{ marginBottom: token.marginMD }}>
        <Form.Item
          style={{ marginBottom: 0 }}
          validateStatus={searchError ? 'error' : undefined}
          help={searchError ? translate(searchError) : undefined}
        >
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('searchPlaceholder')}
            aria-label={t('searchLabel')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ width: 320 }}
          />
        </Form.Item>
        <Select
          allowClear
          aria-label={t('categoryFilter')}
          placeholder={t('categoryFilter')}
          value={category}
          onChange={(next: string | undefined) => setCategory(next)}
          loading={categories.isPending}
          options={(categories.data ?? []).map((entry) => ({
            value: entry.category_name,
            label: entry.category_name,
          }))}
          style={{ width: 220 }}
        />
      </Space>
      {content}
      <ImportCsvModal open={importing} onClose={() => setImporting(false)} />
    </div>
  );
}

export default ReferenceDataPage;
