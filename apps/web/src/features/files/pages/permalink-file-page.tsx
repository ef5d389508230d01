import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import ExportOutlined from '@ant-design/icons/es/icons/ExportOutlined';
import FileOutlined from '@ant-design/icons/es/icons/FileOutlined';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { formatDate } from '../../../shared/organization/use-organization-preference.ts';
import { useFileInfo, type FileInfo } from '../api.ts';
import { useFileHref } from '../file-links.ts';
import { formatFileSize } from '../file-size.ts';
import { FILES_NAMESPACE } from '../messages.ts';

type PreviewKind = 'image' | 'pdf' | null;

/** Images and PDFs show in the page (the browser renders them); other types are only downloaded. */
export const previewKind = (type: string): PreviewKind =>
  type.startsWith('image/') ? 'image' : type === 'application/pdf' ? 'pdf' : null;

function FilePreview({ file, href }: { file: FileInfo; href: string }) {
  const { t } = useTranslation(FILES_NAMESPACE);
  const kind = previewKind(file.type);
  if (kind === 'image') {
    return (
      <img
        src={href}
        alt={file.name}
        style={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', margin: '0 auto' }}
      />
    );
  }
  if (kind === 'pdf') {
    return (
      <iframe
        src={href}
        title={t('permalink.previewOf', { name: file.name })}
        style={{ width: '100%', height: '70vh', border: 0 }}
      />
    );
  }
  return (
    <Result icon={<FileOutlined aria-hidden />} title={t('permalink.noPreview')} style={{ padding: 24 }} />
  );
}

/** /permalink/file?key=… (spec §2): a stored file's name, type and size, a preview and a download. */
export function PermalinkFilePage() {
  const { t, i18n } = useTranslation(FILES_NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = (params.get('key') ?? '').trim();
  const info = useFileInfo(key);
  const href = useFileHref();

  let content: ReactNode;
  const notFound = (
    <Result
      status="404"
      title={t('permalink.notFoundTitle')}
      subTitle={key ? t('permalink.notFound') : t('permalink.noKey')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('permalink.home')}
        </Button>
      }
    />
  );
  if (key === '') {
    content = notFound;
  } else if (info.isPending) {
    content = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (info.isError) {
    const status = isApiError(info.error) ? info.error.status : 0;
    content =
      status === 404 || status === 400 ? (
        notFound
      ) : (
        <LoadFailedAlert
          title={t('permalink.loadFailed')}
          retryLabel={t('permalink.retry')}
          onRetry={() => void info.refetch()}
        />
      );
  } else {
    const file = info.data;
    const target = { fileKey: file.fileKey || key };
    content = (
      <>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center', marginBottom: 16 }}>
          <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0, flex: 1, overflowWrap: 'anywhere' }}>
            {file.name}
          </h1>
          <Button
            type="primary"
            icon={<DownloadOutlined aria-hidden />}
            href={href(target, { download: true })}
          >
            {t('permalink.download')}
          </Button>
          <Button
            icon={<ExportOutlined aria-hidden />}
            href={href(target)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('permalink.open')}
          </Button>
        </div>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 3 }}
          items={[
            { key: 'type', label: t('permalink.type'), children: file.type || t('permalink.unknownType') },
            { key: 'size', label: t('permalink.size'), children: formatFileSize(file.size, i18n.language) },
            {
              key: 'created',
              label: t('permalink.uploaded'),
              children: formatDate(file.created_on, 'datetime'),
            },
          ]}
        />
        <div style={{ marginTop: 16 }}>
          <FilePreview file={file} href={href(target)} />
        </div>
      </>
    );
  }

  return (
    <div
      style={{ maxWidth: 1080, margin: '0 auto', padding: token.paddingLG }}
      data-testid="permalink-file-page"
    >
      <Card>{content}</Card>
    </div>
  );
}

export default PermalinkFilePage;
