import { COMMENT_MAX_LENGTH, type RecordComment } from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import {
  formatDate,
  useOrganizationPreference,
} from '../../../shared/organization/use-organization-preference.ts';
import { useComments, useSendComment } from '../api.ts';
import { checkComment, failureText, ITEM_EDITOR_NAMESPACE, useServerMessage } from '../messages.ts';

/** The comments of a saved entry, newest first, and a box to add one. */
export function CommentsPanel({ recordId }: { recordId: string | null }) {
  const { t } = useTranslation(ITEM_EDITOR_NAMESPACE);
  return (
    <Card size="small" title={t('comments.title')} data-testid="comments-panel">
      {recordId ? (
        <RecordComments recordId={recordId} />
      ) : (
        <Typography.Text type="secondary">{t('comments.saveFirst')}</Typography.Text>
      )}
    </Card>
  );
}

function RecordComments({ recordId }: { recordId: string }) {
  const { t } = useTranslation(ITEM_EDITOR_NAMESPACE);
  const { token } = theme.useToken();
  const comments = useComments(recordId);
  // A comment sent after a page was loaded pushes that page's last one onto the next: show it once.
  const list = useMemo(() => {
    const seen = new Set<string>();
    return (comments.data?.pages ?? [])
      .flatMap((page) => page.comments)
      .filter((comment) => !seen.has(comment.id) && Boolean(seen.add(comment.id)));
  }, [comments.data]);

  let body;
  if (comments.isPending) body = <Skeleton active paragraph={{ rows: 3 }} data-testid="comments-loading" />;
  else if (comments.isError && list.length === 0)
    body = (
      <LoadFailedAlert
        title={t('comments.loadFailed')}
        retryLabel={t('comments.retry')}
        onRetry={() => void comments.refetch()}
      />
    );
  else if (list.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('comments.empty')} />;
  else
    body = (
      <ol aria-label={t('comments.listLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map((comment) => (
          <CommentItem key={comment.id} comment={comment} />
        ))}
      </ol>
    );

  return (
    <div style={{ display: 'grid', gap: token.marginSM }}>
      <CommentComposer recordId={recordId} />
      {body}
      {comments.isFetchNextPageError ? (
        <Alert type="error" showIcon role="alert" title={t('comments.loadMoreFailed')} />
      ) : null}
      {comments.hasNextPage ? (
        <Button
          onClick={() => void comments.fetchNextPage()}
          loading={comments.isFetchingNextPage}
          disabled={comments.isFetchingNextPage}
        >
          {t('comments.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

function CommentItem({ comment }: { comment: RecordComment }) {
  const { t } = useTranslation(ITEM_EDITOR_NAMESPACE);
  const { token } = theme.useToken();
  const { preference } = useOrganizationPreference();
  return (
    <li
      data-testid="comment"
      style={{ padding: `${token.paddingXS}px 0`, borderTop: `1px solid ${token.colorBorderSecondary}` }}
    >
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS, alignItems: 'baseline' }}>
        <Typography.Text strong>{comment.author_name ?? t('comments.unknownAuthor')}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          <time dateTime={comment.created_on}>{formatDate(comment.created_on, 'datetime', preference)}</time>
        </Typography.Text>
      </div>
      {/* Plain text, never HTML: React escapes it; pre-wrap keeps the writer's line breaks. */}
      <Typography.Paragraph
        data-testid="comment-text"
        style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {comment.message}
      </Typography.Paragraph>
    </li>
  );
}

function CommentComposer({ recordId }: { recordId: string }) {
  const { t } = useTranslation(ITEM_EDITOR_NAMESPACE);
  const { token } = theme.useToken();
  const translate = useServerMessage();
  const send = useSendComment(recordId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const submit = async () => {
    if (send.isPending) return;
    const problem = checkComment(text);
    if (problem) {
      setError(translate(problem));
      return;
    }
    setError(null);
    try {
      await send.mutateAsync(text.trim());
      setText('');
    } catch (failure) {
      setError(failureText(failure, translate, t('comments.sendFailed')) ?? t('comments.sendFailed'));
    }
  };

  return (
    <div style={{ display: 'grid', gap: token.marginXS }}>
      <label htmlFor={inputId}>
        <Typography.Text>{t('comments.newLabel')}</Typography.Text>
      </label>
      <Input.TextArea
        id={inputId}
        value={text}
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={t('comments.placeholder')}
        count={{ show: true, max: COMMENT_MAX_LENGTH }}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={(event) => {
          // Ctrl+Enter sends, as in most chat boxes; Enter alone makes a new line.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      {error ? (
        <Typography.Text type="danger" id={errorId} role="alert">
          {error}
        </Typography.Text>
      ) : null}
      <div>
        <Button
          type="primary"
          onClick={() => void submit()}
          loading={send.isPending}
          disabled={send.isPending}
        >
          {t('comments.send')}
        </Button>
      </div>
    </div>
  );
}
