import type { IndexProgress } from '@formloop/contracts';
import Progress from 'antd/es/progress';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIndexProgress } from '../api.ts';

export interface IndexBuildProgressProps {
  moduleId: string;
  /** The app's published version: a new one (a publish) asks again. */
  version: number;
}

/** The current index's share done: blocks while scanning the table, else tuples; null when unknown. */
export function currentPercent(progress: IndexProgress): number | null {
  const share = (done: number | null, total: number | null) =>
    done !== null && total !== null && total > 0 ? Math.min(100, Math.round((done / total) * 100)) : null;
  return share(progress.blocksDone, progress.blocksTotal) ?? share(progress.tuplesDone, progress.tuplesTotal);
}

/**
 * "Preparing fast filters: 3 of 12 — Customer 45 %" while the app's list indexes are built in the
 * background after a publish; nothing once they are ready. Polite live region: screen readers hear
 * the changes without losing their place.
 */
export function IndexBuildProgress({ moduleId, version }: IndexBuildProgressProps) {
  const { t, i18n } = useTranslation('appSettings');
  const { token } = theme.useToken();
  const query = useIndexProgress(moduleId, version);
  const progress = query.data;
  let content: ReactNode = null;
  if (progress?.state === 'queued') {
    content = t('fastFilters.queued');
  } else if (progress?.state === 'building') {
    const percent = currentPercent(progress);
    const current = Math.min(progress.built + 1, Math.max(progress.planned, 1));
    content = (
      <>
        <span>
          {progress.field
            ? t('fastFilters.building', {
                current,
                planned: progress.planned,
                field: progress.fieldLabel ?? progress.field,
              })
            : t('fastFilters.queued')}
          {percent !== null
            ? ` ${new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(percent / 100)}`
            : ''}
        </span>
        <Progress
          percent={percent ?? 0}
          size="small"
          showInfo={false}
          style={{ width: 160, margin: 0 }}
          aria-label={t('fastFilters.progressLabel')}
        />
      </>
    );
  } else if (progress?.state === 'failed') {
    content = <span style={{ color: token.colorWarningText }}>{t('fastFilters.failed')}</span>;
  }
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="index-build-progress"
      data-state={progress?.state ?? 'unknown'}
      style={{
        // Always mounted (empty when there is nothing to say), so the live region is announced.
        display: 'flex',
        alignItems: 'center',
        gap: token.marginSM,
        color: token.colorTextSecondary,
      }}
    >
      {content}
    </div>
  );
}
