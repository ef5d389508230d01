import type { AppDetail, FormIssue } from '@formloop/contracts';
import { selectableActivities, type ActivityPermission } from '@formloop/domain';
import { validateDefinition, type WorkflowDefinition } from '@formloop/workflow';
import Alert from 'antd/es/alert';
import Tabs from 'antd/es/tabs';
import theme from 'antd/es/theme';
import { Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../shared/ui/error-boundary.tsx';
import { PageSpinner } from '../../../shared/ui/page-spinner.tsx';
import { AppSettingsTab, EmailTemplatesTab, IndexBuildProgress } from '../../app-settings/index.ts';
import { WORKFLOW_DESIGNER_NAMESPACE, WorkflowDesigner } from '../../workflow-designer/index.ts';
import { PermissionsTab } from '../permissions/permissions-tab.tsx';
import { definitionOf } from '../state/editor-doc.ts';
import { EditorDispatchContext } from '../state/editor-context.ts';
import { allFields, findCell } from '../state/layout-ops.ts';
import { VersionsPanel } from '../versions/versions-panel.tsx';
import { DesignTab } from './design-tab.tsx';
import { EditorHeader } from './editor-header.tsx';
import { LeaveGuard } from '../../../shared/ui/leave-guard.tsx';
import { PreviewDrawer } from './preview-drawer.tsx';
import { PublishModal } from './publish-modal.tsx';
import { useFormEditor } from './use-form-editor.ts';
import { useUndoShortcuts } from './use-undo-shortcuts.ts';

/** The draft's fast filter fields, defensively (defaultConfig is free-form JSON). */
const indexedFieldsOf = (config: { indexedFields?: unknown }): string[] =>
  Array.isArray(config.indexedFields)
    ? config.indexedFields.filter((name): name is string => typeof name === 'string')
    : [];

type TabKey = 'design' | 'workflow' | 'permissions' | 'emailTemplates' | 'settings' | 'versions';

/** A tab that fails to render says so; the editor around it, with the unsaved form, stays. */
function TabBoundary({ tab, children }: { tab: string; children: ReactNode }) {
  const { t } = useTranslation('formEditor');
  return (
    <ErrorBoundary resetKeys={[tab]} fallback={<Alert type="error" showIcon title={t('tabFailed')} />}>
      {children}
    </ErrorBoundary>
  );
}

/**
 * The editor of one loaded app: header, then the Design, Workflow, Permissions, Email templates,
 * Settings and Versions tabs.
 */
export function FormEditor({ app }: { app: AppDetail }) {
  // The designer's namespace loads with the page: the publish dialog words workflow issues with it.
  const { t } = useTranslation(['formEditor', WORKFLOW_DESIGNER_NAMESPACE]);
  const { token } = theme.useToken();
  const editor = useFormEditor(app);
  const { state, dispatch, dirty } = editor;
  const [tab, setTab] = useState<TabKey>('design');
  const [previewing, setPreviewing] = useState(false);
  const [confirmingPublish, setConfirmingPublish] = useState(false);
  useUndoShortcuts(dispatch, !previewing && !confirmingPublish);

  const draft = useMemo(() => definitionOf(state.doc, app.display_name), [state.doc, app.display_name]);
  // The doc's workflow, so an activity added in the designer is in the matrix and preview at once.
  const activities = useMemo(
    () => selectableActivities(state.doc.workflow.activities),
    [state.doc.workflow.activities],
  );
  const workflowIssues = useMemo(() => validateDefinition(state.doc.workflow), [state.doc.workflow]);
  const setWorkflow = useCallback(
    (workflow: WorkflowDefinition, editKey?: string) =>
      dispatch({
        type: 'setWorkflow',
        workflow,
        edit: editKey === undefined ? undefined : { key: editKey, at: Date.now() },
      }),
    [dispatch],
  );
  const fields = useMemo(
    () =>
      allFields(state.doc.layout).map(({ field }) => ({
        name: field.name,
        label: field.fieldName,
        fieldType: field.fieldType,
      })),
    [state.doc.layout],
  );

  const openIssue = (issue: FormIssue) => {
    if (issue.kind === 'field' && findCell(state.doc.layout, issue.target)) {
      setTab('design');
      dispatch({ type: 'select', selection: { kind: 'field', id: issue.target } });
    } else if (issue.kind === 'group') {
      const section = state.doc.layout.sections.find((candidate) => candidate.name === issue.target);
      setTab('design');
      if (section) dispatch({ type: 'select', selection: { kind: 'section', id: section.id } });
    } else {
      setTab('permissions');
    }
  };

  // The dialog closes either way: after a failure the issues panel and the toast say what is wrong.
  const confirmPublish = async () => {
    await editor.publish();
    setConfirmingPublish(false);
  };

  return (
    <EditorDispatchContext.Provider value={dispatch}>
      <div
        data-testid="form-editor-page"
        style={{ padding: token.padding, display: 'grid', gap: token.marginSM }}
      >
        <EditorHeader
          app={app}
          dirty={dirty}
          canUndo={state.past.length > 0}
          canRedo={state.future.length > 0}
          saving={editor.saving}
          publishing={editor.publishing}
          onUndo={() => dispatch({ type: 'undo' })}
          onRedo={() => dispatch({ type: 'redo' })}
          onPreview={() => setPreviewing(true)}
          onSave={() => void editor.save()}
          onPublish={() => setConfirmingPublish(true)}
        />
        {app.module_version > 0 ? (
          <IndexBuildProgress moduleId={app.id} version={app.module_version} />
        ) : null}
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as TabKey)}
          items={[
            {
              key: 'design',
              label: t('tabs.design'),
              children: (
                <TabBoundary tab={tab}>
                  <DesignTab
                    layout={state.doc.layout}
                    selection={state.selection}
                    issues={editor.issues}
                    onOpenIssue={openIssue}
                  />
                </TabBoundary>
              ),
            },
            {
              key: 'workflow',
              label: t('tabs.workflow'),
              children: (
                <TabBoundary tab={tab}>
                  <Suspense fallback={<PageSpinner />}>
                    <WorkflowDesigner
                      definition={state.doc.workflow}
                      onChange={setWorkflow}
                      layout={state.doc.layout}
                      appName={app.display_name}
                    />
                  </Suspense>
                </TabBoundary>
              ),
            },
            {
              key: 'permissions',
              label: t('tabs.permissions'),
              children: (
                <TabBoundary tab={tab}>
                  <PermissionsTab
                    layout={state.doc.layout}
                    permission={state.doc.permission}
                    activities={activities}
                    onChange={(permission: ActivityPermission[]) =>
                      dispatch({ type: 'setPermission', permission })
                    }
                  />
                </TabBoundary>
              ),
            },
            {
              key: 'emailTemplates',
              label: t('tabs.emailTemplates'),
              children: (
                <TabBoundary tab={tab}>
                  <EmailTemplatesTab moduleId={app.id} fields={fields} />
                </TabBoundary>
              ),
            },
            {
              key: 'settings',
              label: t('tabs.settings'),
              children: (
                <TabBoundary tab={tab}>
                  <AppSettingsTab
                    moduleId={app.id}
                    app={app}
                    fields={fields}
                    indexedFields={indexedFieldsOf(state.doc.defaultConfig)}
                    onIndexedFieldsChange={(names) =>
                      dispatch({
                        type: 'setDefaultConfig',
                        defaultConfig: { ...state.doc.defaultConfig, indexedFields: names },
                      })
                    }
                  />
                </TabBoundary>
              ),
            },
            {
              key: 'versions',
              label: t('tabs.versions'),
              children: (
                <TabBoundary tab={tab}>
                  <VersionsPanel
                    draft={draft}
                    published={app.module_published}
                    moduleVersion={app.module_version}
                    versions={app.versions}
                    activities={activities}
                  />
                </TabBoundary>
              ),
            },
          ]}
        />
      </div>
      <PreviewDrawer
        open={previewing}
        definition={draft}
        activities={activities}
        onClose={() => setPreviewing(false)}
      />
      <PublishModal
        open={confirmingPublish}
        draft={draft}
        published={app.module_published}
        nextVersion={app.module_version + 1}
        dirty={dirty}
        busy={editor.saving || editor.publishing}
        workflow={state.doc.workflow}
        workflowIssues={workflowIssues}
        onOpenWorkflow={() => {
          setConfirmingPublish(false);
          setTab('workflow');
        }}
        onConfirm={() => void confirmPublish()}
        onCancel={() => setConfirmingPublish(false)}
      />
      <LeaveGuard namespace="formEditor" dirty={dirty} ignoreSearch />
    </EditorDispatchContext.Provider>
  );
}
