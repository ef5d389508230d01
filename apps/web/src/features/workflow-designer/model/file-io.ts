// Reading an uploaded workflow file and naming the exported one. Which shapes count as a workflow
// (ours, Elsa 2 exports) the engine's importDefinition decides; this only adds the file's side.
import {
  exportDefinition,
  importDefinition,
  type ImportResult,
  type WorkflowDefinition,
} from '@formloop/workflow';

export type ReadResult =
  { ok: true; result: ImportResult } | { ok: false; reason: 'notJson' | 'notWorkflow' };

export function readWorkflowFile(text: string): ReadResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'notJson' };
  }
  try {
    return { ok: true, result: importDefinition(json) };
  } catch {
    // importDefinition throws only when the JSON holds no definition at all.
    return { ok: false, reason: 'notWorkflow' };
  }
}

/** `<app name>-workflow.json`, with the characters file systems refuse replaced. */
export function exportFileName(appName: string): string {
  const safe = [...appName.trim()]
    .map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '-' : char))
    .join('');
  return `${safe || 'workflow'}-workflow.json`;
}

export const exportText = (definition: WorkflowDefinition): string =>
  `${JSON.stringify(exportDefinition(definition), null, 2)}\n`;

/** Whether replacing the workflow loses work: anything beyond a bare Start and End. */
export const hasWork = (definition: WorkflowDefinition): boolean =>
  definition.activities.some((activity) => activity.type !== 'Start' && activity.type !== 'End');
