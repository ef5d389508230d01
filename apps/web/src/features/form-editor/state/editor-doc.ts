import { fromFormPayload, toFormPayload, type FormPayload, type ModuleDefinition } from '@formloop/domain';
import type { AppDetail, SaveFormBody } from '@formloop/contracts';
import type { WorkflowDefinition } from '@formloop/workflow';
import { workflowPayload } from '../../workflow-designer/index.ts';
import type { EditorDoc } from './editor-types.ts';

/**
 * The editor's doc from a stored definition (module_draft) and draft workflow. A form without
 * sections gets one empty section, so there is somewhere to drop the first field; it counts as
 * saved until something changes.
 */
export function docFromDefinition(
  definition: Partial<ModuleDefinition> | null | undefined,
  newId: () => string,
  firstSectionName: string,
  workflow: WorkflowDefinition,
): EditorDoc {
  const layout = fromFormPayload({ fieldGroups: definition?.fieldGroups ?? [] }, newId);
  if (layout.sections.length === 0) {
    layout.sections.push({
      id: newId(),
      name: 'section_1',
      displayName: firstSectionName,
      isTable: false,
      minimumRowCount: 0,
      maximumRowCount: 0,
      rows: [],
    });
  }
  return {
    layout,
    permission: Array.isArray(definition?.permission) ? definition.permission : [],
    defaultConfig: definition?.defaultConfig ?? {},
    workflow,
  };
}

/** Spec §3 form payload of the doc, named after the app. */
export function payloadOf(doc: EditorDoc, appName: string): FormPayload {
  return toFormPayload(doc.layout, { formName: appName, displayName: appName, isPublished: false });
}

/** What the draft will hold once saved (the Versions tab and the publish summary compare it). */
export function definitionOf(doc: EditorDoc, appName: string): ModuleDefinition {
  return {
    fieldGroups: payloadOf(doc, appName).fieldGroups,
    defaultConfig: doc.defaultConfig,
    permission: doc.permission,
  };
}

/** Spec §7 SaveForm body: data = form payload, permission as JSON text, the doc's workflow, defaultConfig. */
export function saveFormBody(app: AppDetail, doc: EditorDoc): SaveFormBody {
  return {
    id: app.id,
    data: payloadOf(doc, app.display_name),
    permission: JSON.stringify(doc.permission),
    workflow: workflowPayload(doc.workflow),
    defaultConfig: doc.defaultConfig,
  };
}
