import { RECORDS_MESSAGES, type RecordForm, type RecordRow } from '@formloop/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '../../../shared/ui/toast.tsx';
import { validateValues } from '../../form-renderer/components.ts';
import type { FormValues } from '../../form-renderer/index.ts';
import { useDeleteRecord, useSaveRecord, useSubmitRecord } from '../api.ts';
import { baselineOf, differs, remainingErrors, type Baseline } from '../lib/form-values.ts';
import {
  failureText,
  isStale,
  ITEM_EDITOR_NAMESPACE,
  serverFieldErrors,
  useServerMessage,
} from '../messages.ts';
import { entryPath, listPath } from '../paths.ts';

/** What the editor opens: the app's form, and the record with its activity once there is one. */
export interface EntrySource {
  moduleId: string;
  taskId?: string;
  form: RecordForm;
  record: RecordRow | null;
  activityId: string;
  editable: boolean;
}

/** save and submit bodies: the record and its version when there is one, the task when opened with one. */
function requestBody(data: FormValues, current: RecordRow | null, taskId: string | undefined) {
  return {
    ...(current ? { recordId: current.id, expectedModifiedOn: current.modified_on } : {}),
    ...(taskId ? { taskId } : {}),
    data,
  };
}

/** A message about the whole form, above it: bad values, or someone else's newer version. */
export type FormNotice = { kind: 'invalid' | 'stale'; text: string } | null;

/** How a host page (the task editor) changes where the editor leads: Cancel, and after a submit. */
export interface EntryRoutes {
  /** Where Cancel goes instead of the app's list. */
  backPath?: string;
  /** Called after a successful submit instead of going to the app's list. */
  onSubmitted?: () => void;
}

/**
 * The state of one entry in the editor: its values, whether they differ from what was loaded or
 * saved, the server's field messages, and save / submit / delete with their outcomes.
 */
export function useEntryEditor(
  source: EntrySource,
  onCreated: (recordId: string) => void,
  routes: EntryRoutes = {},
) {
  const { t } = useTranslation(ITEM_EDITOR_NAMESPACE);
  const translate = useServerMessage();
  const toast = useToast();
  const navigate = useNavigate();
  const { moduleId, taskId, form, activityId, editable } = source;
  const { backPath, onSubmitted } = routes;
  const definition = form.definition;

  // One moment for the whole visit: the renderer's today/now defaults and the baseline agree on it.
  const [now] = useState(() => new Date());
  const [record, setRecord] = useState<RecordRow | null>(source.record);
  const [values, setValues] = useState<FormValues>(() => source.record?.data ?? {});
  const [baseline, setBaseline] = useState<Baseline>(() => baselineOf(definition, values, now));
  const [serverErrors, setServerErrors] = useState<{ errors: Record<string, string>; judged: FormValues }>({
    errors: {},
    judged: {},
  });
  const [showAllErrors, setShowAllErrors] = useState(false);
  const [notice, setNotice] = useState<FormNotice>(null);

  const saveMutation = useSaveRecord(moduleId);
  const submitMutation = useSubmitRecord();
  const deleteMutation = useDeleteRecord();
  const { mutateAsync: saveAsync } = saveMutation;
  const { mutateAsync: submitAsync } = submitMutation;
  const { mutateAsync: deleteAsync } = deleteMutation;
  const busy = saveMutation.isPending || submitMutation.isPending || deleteMutation.isPending;

  const dirty = useMemo(() => editable && differs(values, baseline), [editable, values, baseline]);
  // The leave guard reads this when a navigation starts; a save or submit that navigates clears it first.
  const dirtyRef = useRef(dirty);
  const latest = useRef({ values, record });
  useEffect(() => {
    dirtyRef.current = dirty;
    latest.current = { values, record };
  });
  // Set at once (not after a render), so a double click or Ctrl+S held down sends one request.
  const inFlight = useRef(false);

  const onChange = useCallback((next: FormValues) => {
    latest.current.values = next;
    setValues(next);
    setServerErrors((previous) => {
      const errors = remainingErrors(previous.errors, previous.judged, next);
      return errors === previous.errors ? previous : { ...previous, errors };
    });
  }, []);

  const fail = useCallback(
    (error: unknown, fallback: string, judged: FormValues) => {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0 || isStale(error)) {
        const text = failureText(error, translate, fallback) ?? fallback;
        setServerErrors({ errors: fields, judged });
        setNotice({ kind: isStale(error) ? 'stale' : 'invalid', text });
        return;
      }
      const text = failureText(error, translate, fallback);
      if (text) toast.error(text);
    },
    [translate, toast],
  );

  /** Leaves the editor on purpose: the leave guard must not ask about what was just saved. */
  const leave = useCallback(
    (path: string, replace = false) => {
      dirtyRef.current = false;
      void navigate(path, { replace });
    },
    [navigate],
  );

  /** Saves the values; true when they are saved. */
  const save = useCallback(async (): Promise<boolean> => {
    if (!editable || inFlight.current) return false;
    const { values: sent, record: current } = latest.current;
    setNotice(null);
    inFlight.current = true;
    try {
      const response = await saveAsync(requestBody(sent, current, taskId));
      const row = response.data;
      // The server's values win where it has them (sequence numbers, calculations, cleaned HTML);
      // a field the user changed while the save ran keeps the user's value.
      const stillSame = latest.current.values === sent;
      const saved = stillSame ? { ...sent, ...row.data } : sent;
      if (stillSame) onChange(saved);
      setRecord(row);
      setBaseline(baselineOf(definition, saved, now));
      setServerErrors({ errors: {}, judged: {} });
      toast.success(response.message ? translate(response.message) : t('messages.saved'));
      if (!current) {
        // The address gets the new id in place (no new page, no leave prompt); the page keeps this editor.
        onCreated(row.id);
        leave(entryPath(moduleId, row.id, taskId), true);
      }
      return true;
    } catch (error) {
      fail(error, t('messages.saveFailed'), sent);
      return false;
    } finally {
      inFlight.current = false;
    }
  }, [
    editable,
    saveAsync,
    onChange,
    definition,
    now,
    toast,
    translate,
    t,
    onCreated,
    leave,
    moduleId,
    taskId,
    fail,
  ]);

  const submit = useCallback(async () => {
    if (!editable || inFlight.current) return;
    const { values: sent, record: current } = latest.current;
    const problems = validateValues(definition, sent, activityId);
    if (Object.keys(problems).length > 0) {
      // Every broken rule shows under its field; nothing is sent.
      setShowAllErrors(true);
      setNotice({ kind: 'invalid', text: t('messages.fixValues') });
      return;
    }
    setNotice(null);
    inFlight.current = true;
    try {
      const response = await submitAsync({ moduleId, ...requestBody(sent, current, taskId) });
      toast.success(response.message ? translate(response.message) : t('messages.submitted'));
      if (onSubmitted) {
        dirtyRef.current = false;
        onSubmitted();
      } else leave(listPath(moduleId));
    } catch (error) {
      setShowAllErrors(true);
      fail(error, t('messages.submitFailed'), sent);
    } finally {
      inFlight.current = false;
    }
  }, [
    editable,
    definition,
    activityId,
    submitAsync,
    moduleId,
    taskId,
    toast,
    translate,
    t,
    leave,
    fail,
    onSubmitted,
  ]);

  /** Before an outside action on the entry (a task decision): unsaved changes are saved first. */
  const saveIfDirty = useCallback(async () => (dirtyRef.current ? save() : true), [save]);

  const remove = useCallback(async () => {
    const current = latest.current.record;
    if (!current || inFlight.current) return;
    inFlight.current = true;
    try {
      const response = await deleteAsync(current.id);
      toast.success(response.message ? translate(response.message) : t('messages.deleted'));
      leave(listPath(moduleId));
    } catch (error) {
      const text = failureText(error, translate, translate(RECORDS_MESSAGES.deleteFailed));
      if (text) toast.error(text);
    } finally {
      inFlight.current = false;
    }
  }, [deleteAsync, toast, translate, t, leave, moduleId]);

  return {
    values,
    onChange,
    now,
    record,
    dirty,
    dirtyRef,
    serverErrors: serverErrors.errors,
    showAllErrors,
    notice,
    dismissNotice: () => setNotice(null),
    busy,
    saving: saveMutation.isPending,
    submitting: submitMutation.isPending,
    deleting: deleteMutation.isPending,
    save,
    saveIfDirty,
    submit,
    remove,
    /** Leaves for `path` without the leave guard asking (what was there is saved or acted on). */
    leave,
    canSave: editable,
    canSubmit: editable && (!record || record.is_draft || Boolean(taskId)),
    canDelete: form.can.delete && record !== null,
    /** Back to the list (or the host's page); the leave guard asks first when there are unsaved changes. */
    cancel: () => void navigate(backPath ?? listPath(moduleId)),
  };
}
