import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useAppDetail } from '../api.ts';
import { FormEditor } from './form-editor.tsx';

const FORM_EDITOR_LIST = '/form-editor';

/** /form-editor/show/:id — the form editor of one app (spec §2), once GetForm has answered. */
export function FormEditorPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('formEditor');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const app = useAppDetail(id);

  if (app.isPending) {
    return (
      <div style={{ padding: token.paddingLG }} data-testid="form-editor-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (app.isError) {
    const status = isApiError(app.error) ? app.error.status : 0;
    if (status === 404 || status === 403) {
      return (
        <Result
          status={status === 404 ? '404' : '403'}
          title={t(status === 404 ? 'load.notFoundTitle' : 'load.forbiddenTitle')}
          subTitle={t(status === 404 ? 'load.notFound' : 'load.forbidden')}
          extra={
            <Button
              type="primary"
              href={FORM_EDITOR_LIST}
              onClick={(event) => {
                // A real link (it opens in a new tab too); a plain click stays in the app.
                event.preventDefault();
                navigate(FORM_EDITOR_LIST);
              }}
            >
              {t('load.back')}
            </Button>
          }
        />
      );
    }
    return (
      <div style={{ padding: token.paddingLG }}>
        <LoadFailedAlert
          title={t('load.failed')}
          retryLabel={t('load.retry')}
          onRetry={() => void app.refetch()}
        />
      </div>
    );
  }
  // Keyed by app: opening another app starts a fresh editor (and undo history).
  return <FormEditor key={app.data.id} app={app.data} />;
}
