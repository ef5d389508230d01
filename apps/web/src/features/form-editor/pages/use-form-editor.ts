import type { AppDetail, FormIssue } from '@formloop/contracts';
import { jsonEqual } from '@formloop/domain';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { issuesOf, usePublish, useSaveForm } from '../api.ts';
import { failureText, useServerMessage } from '../messages.ts';
import { workflowFromDraft } from '../../workflow-designer/index.ts';
import { docFromDefinition, saveFormBody } from '../state/editor-doc.ts';
import { createEditorState, makeEditorReducer } from '../state/editor-reducer.ts';
import { localIssues, mergeIssues } from '../state/local-issues.ts';
import { newId } from '../state/new-id.ts';

const reducer = makeEditorReducer(newId);

/**
 * The editor of one app: its state with undo/redo, whether it differs from the saved draft, the
 * issues (live ones and the server's), and save / publish.
 */
export function useFormEditor(app: AppDetail) {
  const { t } = useTranslation('formEditor');
  const toast = useToast();
  const translate = useServerMessage();
  const [state, dispatch] = useReducer(reducer, undefined, () =>
    createEditorState(
      docFromDefinition(
        app.module_draft,
        newId,
        t('defaults.sectionName', { n: 1 }),
        workflowFromDraft(app.workflow_draft),
      ),
    ),
  );
  const [serverIssues, setServerIssues] = useState<FormIssue[]>([]);
  const saveForm = useSaveForm();
  const publishForm = usePublish();

  const dirty = useMemo(
    () => state.doc !== state.saved && !jsonEqual(state.doc, state.saved),
    [state.doc, state.saved],
  );
  const live = useMemo(
    () => localIssues(state.doc.layout, state.doc.permission),
    [state.doc.layout, state.doc.permission],
  );
  const issues = useMemo(() => mergeIssues(live, serverIssues), [live, serverIssues]);

  // Save and publish read the newest state without being re-created on every change.
  const latest = useRef({ app, doc: state.doc, dirty });
  useEffect(() => {
    latest.current = { app, doc: state.doc, dirty };
  });

  const save = useCallback(async (): Promise<boolean> => {
    const { app: current, doc } = latest.current;
    try {
      const response = await saveForm.mutateAsync(saveFormBody(current, doc));
      dispatch({ type: 'saved', doc });
      setServerIssues([]);
      toast.success(response.message ? translate(response.message) : t('header.saved'));
      return true;
    } catch (error) {
      setServerIssues(issuesOf(error));
      const text = failureText(error, translate, t('header.saveFailed'));
      if (text) toast.error(text);
      return false;
    }
  }, [saveForm, toast, translate, t]);

  const publish = useCallback(async (): Promise<boolean> => {
    if (latest.current.dirty && !(await save())) return false;
    try {
      const response = await publishForm.mutateAsync(latest.current.app.id);
      toast.success(response.message ? translate(response.message) : t('header.published'));
      return true;
    } catch (error) {
      setServerIssues(issuesOf(error));
      const text = failureText(error, translate, t('header.publishFailed'));
      if (text) toast.error(text);
      return false;
    }
  }, [save, publishForm, toast, translate, t]);

  return {
    state,
    dispatch,
    dirty,
    issues,
    save,
    publish,
    saving: saveForm.isPending,
    publishing: publishForm.isPending,
  };
}
