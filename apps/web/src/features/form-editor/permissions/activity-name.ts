import { COMPLETE_ACTIVITY_ID, START_ACTIVITY_ID, type SelectableActivity } from '@formloop/domain';
import type { TFunction } from 'i18next';

/** The synthetic activities are named in the reader's language; workflow activities by their displayName. */
export function activityName(
  t: TFunction<'formReview'>,
  activityId: string,
  activities: readonly SelectableActivity[] = [],
): string {
  if (activityId === START_ACTIVITY_ID) return t('activities.start');
  if (activityId === COMPLETE_ACTIVITY_ID) return t('activities.complete');
  return activities.find((activity) => activity.activityId === activityId)?.displayName || activityId;
}
