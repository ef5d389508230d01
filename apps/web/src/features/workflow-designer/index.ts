// The workflow designer as the form editor uses it. The designer itself (React Flow and its
// styles) is a lazy chunk; what is exported besides it is small and pure.
import { lazy } from 'react';

export const WorkflowDesigner = lazy(async () => ({
  default: (await import('./designer/workflow-designer.tsx')).WorkflowDesigner,
}));
export type { WorkflowDesignerProps } from './designer/workflow-designer.tsx';
export { workflowFromDraft, workflowPayload } from './model/draft.ts';
export { issueText } from './model/issues.ts';
export { WORKFLOW_DESIGNER_NAMESPACE } from './model/labels.ts';
