import { countChanges, diffDefinitions, type ModuleDefinition } from '@formloop/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface DiffSummaryProps {
  draft: ModuleDefinition;
  published: ModuleDefinition | null;
}

/** One line counting what the draft changes against the published version (the publish confirmation shows it). */
export function DiffSummary({ draft, published }: DiffSummaryProps) {
  const { t } = useTranslation('formReview');
  const counts = useMemo(() => countChanges(diffDefinitions(published, draft)), [draft, published]);
  const total = counts.added + counts.changed + counts.moved + counts.removed;
  return (
    <span data-testid="diff-summary">
      {total === 0
        ? t('summary.none')
        : t(published ? 'summary.counts' : 'summary.first', { count: total, ...counts })}
    </span>
  );
}
