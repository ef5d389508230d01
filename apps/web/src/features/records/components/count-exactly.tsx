import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

export interface CountExactlyProps {
  /** Asks the server for the exact figures (exactCount). */
  onCount: () => void;
  /** The exact count is on its way. */
  counting: boolean;
  /** The last exact count ran out of time: the figures are still estimates. */
  tooLong: boolean;
  /** What the button counts, for screen readers (two of these can be on one page). */
  label: string;
}

/**
 * Beside a figure shown as "about N" (the planner's estimate): a button that has it counted exactly,
 * busy while it counts, and a word when the count took too long and the estimate stayed.
 */
export function CountExactly({ onCount, counting, tooLong, label }: CountExactlyProps) {
  const { t } = useTranslation('records');
  return (
    <>
      <Button
        type="link"
        size="small"
        onClick={onCount}
        loading={counting}
        aria-label={label}
        aria-busy={counting}
        data-testid="count-exactly"
      >
        {counting ? t('count.counting') : t('count.exactly')}
      </Button>
      {tooLong && !counting ? (
        <Typography.Text type="secondary" role="status">
          {t('count.tooLong')}
        </Typography.Text>
      ) : null}
    </>
  );
}
