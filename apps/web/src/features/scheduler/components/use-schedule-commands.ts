import { actionFailureText } from '../../../shared/api/api-error.ts';
import type { ScheduleDetail, ScheduleStatus } from '@formloop/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDeleteSchedule, useScheduleAction } from '../api.ts';
import { SCHEDULER_NAMESPACE, useSchedulerMessage } from '../messages.ts';

/** Pause, resume and delete with their toasts; each answers whether it worked. */
export function useScheduleCommands() {
  const { t } = useTranslation(SCHEDULER_NAMESPACE);
  const translate = useSchedulerMessage();
  const toast = useToast();
  const action = useScheduleAction();
  const removal = useDeleteSchedule();
  const { mutateAsync: act } = action;
  const { mutateAsync: remove } = removal;

  const setStatus = useCallback(
    async (scheduleId: string, status: ScheduleStatus): Promise<ScheduleDetail | null> => {
      try {
        const response = await act({ schedule_id: scheduleId, status });
        toast.success(
          response.message
            ? translate(response.message)
            : t(status === 'paused' ? 'messages.paused' : 'messages.resumed'),
        );
        return response.data;
      } catch (error) {
        const text = actionFailureText(error, translate, t('messages.actionFailed'));
        if (text) toast.error(text);
        return null;
      }
    },
    [act, toast, translate, t],
  );

  const deleteSchedule = useCallback(
    async (scheduleId: string): Promise<boolean> => {
      try {
        const response = await remove(scheduleId);
        toast.success(response.message ? translate(response.message) : t('messages.deleted'));
        return true;
      } catch (error) {
        const text = actionFailureText(error, translate, t('messages.deleteFailed'));
        if (text) toast.error(text);
        return false;
      }
    },
    [remove, toast, translate, t],
  );

  return {
    setStatus,
    deleteSchedule,
    /** The schedule whose status is changing, if any. */
    changing: action.isPending ? action.variables?.schedule_id : undefined,
    deleting: removal.isPending ? removal.variables : undefined,
  };
}
