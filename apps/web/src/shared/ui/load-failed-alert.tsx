import Alert from 'antd/es/alert';
import Button from 'antd/es/button';

/** A page's data could not be loaded: say so and offer to try again (texts come from the feature). */
export function LoadFailedAlert({
  title,
  retryLabel,
  onRetry,
}: {
  title: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      action={<Button onClick={onRetry}>{retryLabel}</Button>}
    />
  );
}
