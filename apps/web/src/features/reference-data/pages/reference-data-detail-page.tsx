import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useDeclarePageTrail, useShellCrumb } from '../../../shared/navigation/page-trail.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useReferenceListDetail } from '../api.ts';
import { ListEditor } from '../components/list-editor.tsx';
import { REFERENCE_DATA_NAMESPACE } from '../messages.ts';
import { NEW_LIST_ID, REFERENCE_LIST_PATH } from '../paths.ts';

/** Loads the list named in the address ('new' creates one) and hands it to the editor. */
function ListLoader({ id }: { id: string | undefined }) {
  const { t } = useTranslation(REFERENCE_DATA_NAMESPACE);
  const list = useReferenceListDetail(id);
  if (!id) return <ListEditor detail={undefined} />;
  if (list.isError && isApiError(list.error) && list.error.status === 404) {
    return (
      <Result
        status="404"
        title={t('notFound.title')}
        subTitle={t('notFound.description')}
        extra={<Link to={REFERENCE_LIST_PATH}>{t('notFound.back')}</Link>}
        data-testid="reference-not-found"
      />
    );
  }
  if (list.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (list.isError) {
    return (
      <LoadFailedAlert
        title={t('detail.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void list.refetch()}
      />
    );
  }
  return <ListEditor detail={list.data} />;
}

/** /referencedata/:id (spec §2): one list's key name, categories, description and ordered values. */
export function ReferenceDataDetailPage() {
  const { t } = useTranslation(REFERENCE_DATA_NAMESPACE);
  const { token } = theme.useToken();
  const { id = NEW_LIST_ID } = useParams();
  const listId = id === NEW_LIST_ID ? undefined : id;
  const { pathname } = useLocation();
  const lists = useShellCrumb('reference-data');
  const list = useReferenceListDetail(listId);
  const title = listId ? (list.data?.key_name ?? '') : t('detail.newTitle');
  useDeclarePageTrail(pathname, [lists, { key: `list:${id}`, title, href: pathname }]);
  return (
    <div style={{ padding: token.paddingLG }} data-testid="reference-detail-page">
      <Link to={REFERENCE_LIST_PATH} style={{ display: 'inline-block', marginBottom: token.marginSM }}>
        <ArrowLeftOutlined aria-hidden /> {t('detail.back')}
      </Link>
      {/* A new address is a new list: nothing of the previous one's editing carries over. */}
      <ListLoader key={id} id={listId} />
    </div>
  );
}

export default ReferenceDataDetailPage;
