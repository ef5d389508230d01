import type { AppDetail } from '@formloop/contracts';
import {
  createActivity,
  emptyDefinition,
  validateDefinition,
  type WorkflowDefinition,
} from '@formloop/workflow';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { saveFormBody } from '../../form-editor/state/editor-doc.ts';
import { createEditorState, makeEditorReducer } from '../../form-editor/state/editor-reducer.ts';
import type { EditorAction, EditorState } from '../../form-editor/state/editor-types.ts';
import { addActivity, connect, removeActivities, renameActivity } from '../model/definition-ops.ts';
import { workflowFromDraft } from '../model/draft.ts';
import { issueText } from '../model/issues.ts';

const reduce = makeEditorReducer(() => 'gen');
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(reduce, state);

function initial(workflow: WorkflowDefinition = emptyDefinition()) {
  return createEditorState({
    layout: { sections: [] },
    permission: [
      { activityId: 'approval-1', fields: [{ name: 'amount', control: 'readonly' }], fieldGroups: [] },
      { activityId: 'fs-start', fields: [{ name: 'amount', control: 'hidden' }], fieldGroups: [] },
    ],
    defaultConfig: {},
    workflow,
  });
}

const withApproval = addActivity(
  emptyDefinition(),
  createActivity('Approval', 'approval-1', { x: 0, y: 200 }),
);

describe('the workflow in the form editor doc', () => {
  it('is one undo step per designer change; typing into one property folds into one step', () => {
    const state = run(initial(), { type: 'setWorkflow', workflow: withApproval });
    expect(state.doc.workflow).toBe(withApproval);
    expect(state.past).toHaveLength(1);

    const first = renameActivity(withApproval, 'approval-1', 'M');
    const second = renameActivity(first, 'approval-1', 'Manager');
    const typed = run(
      state,
      { type: 'setWorkflow', workflow: first, edit: { key: 'approval-1:displayName', at: 1000 } },
      { type: 'setWorkflow', workflow: second, edit: { key: 'approval-1:displayName', at: 1500 } },
    );
    expect(typed.past).toHaveLength(2);
    const undone = run(typed, { type: 'undo' });
    expect(undone.doc.workflow).toBe(withApproval);
    expect(run(undone, { type: 'redo' }).doc.workflow).toBe(second);
    // The same workflow again is no step at all.
    expect(run(typed, { type: 'setWorkflow', workflow: second })).toBe(typed);
  });

  it('drops the field permissions of a deleted activity, and undo brings them back', () => {
    const start = run(initial(withApproval));
    const removed = run(start, {
      type: 'setWorkflow',
      workflow: removeActivities(withApproval, ['approval-1']),
    });
    expect(removed.doc.permission.map((entry) => entry.activityId)).toEqual(['fs-start']);
    expect(run(removed, { type: 'undo' }).doc.permission).toHaveLength(2);
  });

  it('goes into the SaveForm body as the draft workflow', () => {
    const app = { id: 'app-1', display_name: 'Invoices', workflow_draft: null } as unknown as AppDetail;
    const state = run(initial(), { type: 'setWorkflow', workflow: withApproval });
    const body = saveFormBody(app, state.doc);
    expect(body.workflow).toEqual({
      activities: withApproval.activities,
      connections: withApproval.connections,
    });
  });

  it('starts from the stored draft, placing activities that have no position; Start → End without one', () => {
    expect(workflowFromDraft(null)).toEqual(emptyDefinition());
    const draft = {
      activities: [
        { activityId: 's', type: 'Start', displayName: 'Start', properties: {} },
        { activityId: 'e', type: 'End', displayName: 'End', properties: {} },
      ],
      connections: [{ sourceActivityId: 's', targetActivityId: 'e', outcome: 'Done' }],
    };
    const workflow = workflowFromDraft(draft);
    expect(workflow.activities.map((activity) => activity.position)).toEqual([
      { x: 0, y: 0 },
      { x: 260, y: 0 },
    ]);
  });
});

describe('validation issues in words', () => {
  beforeAll(async () => {
    await i18n.loadNamespaces('workflowDesigner');
    await i18n.loadLanguages('de');
  });

  it('names the activity and translates outcomes and property names, in every language', async () => {
    let definition = connect(withApproval, {
      sourceActivityId: 'start',
      targetActivityId: 'approval-1',
      outcome: 'Done',
    });
    definition = renameActivity(definition, 'approval-1', 'Manager approval');
    definition = connect(definition, {
      sourceActivityId: 'approval-1',
      targetActivityId: 'end',
      outcome: 'Reject',
    });
    const texts = validateDefinition(definition).map((issue) => issueText(i18n.t, issue, definition));
    expect(texts).toContain('Manager approval has no approvers.');
    expect(texts).toContain('Manager approval: the outcome Approve is not connected.');

    const german = i18n.getFixedT('de');
    const de = validateDefinition(definition).map((issue) => issueText(german, issue, definition));
    expect(de).toContain('Manager approval hat keine Bearbeiter.');
    expect(de).toContain('Manager approval: Das Ergebnis Genehmigen ist nicht verbunden.');
  });
});
