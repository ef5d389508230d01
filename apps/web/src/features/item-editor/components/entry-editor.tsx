import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import theme from 'antd/es/theme';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveGuard } from '../../../shared/ui/leave-guard.tsx';
import { FormRenderer } from '../../form-renderer/components.ts';
import { ITEM_EDITOR_NAMESPACE } from '../messages.ts';
import { CommentsPanel } from './comments-panel.tsx';
import { EditorHeader } from './editor-header.tsx';
import { RecordInfo, StatusTag } from './record-info.tsx';
import { useEntryEditor, type EntryRoutes, type EntrySource } from './use-entry-editor.ts';
import { useSaveShortcut } from './use-save-shortcut.ts';

/** What a host's own parts (a task's actions, the workflow panel) may do with the entry. */
export interface EntryControls {
  /** A save, submit or delete is running. */
  busy: boolean;
  submitting: boolean;
  /** Saves unsaved changes (with the task, when opened at one); true when nothing is left unsaved. */
  saveIfDirty(): Promise<boolean>;
  /** Checks and submits the values (with the task); the host hears of success through onSubmitted. */
  submit(): Promise<void>;
  /** Leaves for `path` without the leave guard asking. */
  leave(path: string): void;
}

/** A host page's additions to the editor: it submits through its own bar when it gives onSubmitted. */
export interface EntryEditorExtras extends EntryRoutes {
  /** Under the header: e.g. the task's action bar. */
  actionBar?: (controls: EntryControls) => ReactNode;
  /** More panels in the side column: e.g. the workflow history. */
  aside?: (controls: EntryControls) => ReactNode;
}

export interface EntryEditorProps {
  source: EntrySource;
  extras?: EntryEditorExtras;
  /** The first save made the entry: the page keeps this editor for its new address. */
  onCreated(recordId: string): void;
  /** Loads the entry again from the server (after someone else changed it). */
  onReload(): void;
}

/** One entry: the form on the left, its details and comments on the right (stacked on narrow screens). */
export function EntryEditor({ source, extras, onCreated, onReload }: EntryEditorProps) {
  const { t } = useTranslation(ITEM_EDITOR_NAMESPACE);
  const { token } = theme.useToken();
  const editor = useEntryEditor(source, onCreated, extras);
  const { moduleId, form, activityId, editable } = source;
  const recordId = editor.record?.id;
  // The renderer's controls reach the server through this; a new object would re-render every field.
  const runtime = useMemo(() => ({ moduleId, ...(recordId ? { recordId } : {}) }), [moduleId, recordId]);
  useSaveShortcut(() => void editor.save(), editor.canSave);

  // After a refused submit, bring the first field with a message into view.
  const formBox = useRef<HTMLDivElement>(null);
  const { showAllErrors, notice } = editor;
  useEffect(() => {
    if (!notice || notice.kind !== 'invalid') return;
    const first = formBox.current?.querySelector('.ant-form-item-has-error, [role="alert"]');
    first?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [notice, showAllErrors]);

  const controls: EntryControls = {
    busy: editor.busy,
    submitting: editor.submitting,
    saveIfDirty: editor.saveIfDirty,
    submit: editor.submit,
    leave: editor.leave,
  };
  const record = editor.record;
  // A host that submits through its own bar (a Resubmit task) takes Submit out of the header.
  const headerSubmit = editor.canSubmit && !extras?.onSubmitted;

  return (
    <div data-testid="item-editor" style={{ padding: token.padding, display: 'grid', gap: token.marginSM }}>
      <EditorHeader
        moduleId={moduleId}
        appName={form.display_name}
        backPath={extras?.backPath}
        saved={editor.record !== null}
        submitted={editor.record !== null && !editor.record.is_draft}
        dirty={editor.dirty}
        readOnly={!editable}
        canSave={editor.canSave}
        canSubmit={headerSubmit}
        canDelete={editor.canDelete}
        busy={editor.busy}
        saving={editor.saving}
        submitting={editor.submitting}
        deleting={editor.deleting}
        onSave={() => void editor.save()}
        onSubmit={() => void editor.submit()}
        onDelete={() => void editor.remove()}
        onCancel={editor.cancel}
        status={record && !record.is_draft ? <StatusTag record={record} testId="header-status" /> : null}
      />
      {extras?.actionBar?.(controls)}
      {notice ? (
        <Alert
          type={notice.kind === 'stale' ? 'warning' : 'error'}
          showIcon
          role="alert"
          data-testid="form-notice"
          title={notice.text}
          closable={notice.kind === 'invalid' ? { onClose: editor.dismissNotice } : false}
          action={
            notice.kind === 'stale' ? (
              <Button size="small" onClick={onReload}>
                {t('actions.reload')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      <Row gutter={[token.margin, token.margin]} align="top">
        <Col xs={24} lg={16} xxl={17}>
          <Card size="small">
            <div ref={formBox} data-testid="entry-form">
              <FormRenderer
                definition={form.definition}
                activityId={activityId}
                values={editor.values}
                onChange={editor.onChange}
                readOnly={!editable}
                now={editor.now}
                showAllErrors={editor.showAllErrors}
                errors={editor.serverErrors}
                runtime={runtime}
              />
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={8} xxl={7}>
          <div style={{ display: 'grid', gap: token.margin }}>
            <RecordInfo record={editor.record} />
            {extras?.aside?.(controls)}
            <CommentsPanel recordId={recordId ?? null} />
          </div>
        </Col>
      </Row>
      <LeaveGuard namespace={ITEM_EDITOR_NAMESPACE} dirty={editor.dirtyRef} active={editor.dirty} />
    </div>
  );
}
