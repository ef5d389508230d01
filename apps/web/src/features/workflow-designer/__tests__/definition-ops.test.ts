import { createField, type FormLayout } from '@formloop/domain';
import {
  createActivity,
  emptyDefinition,
  exportDefinition,
  type WorkflowDefinition,
} from '@formloop/workflow';
import { describe, expect, it } from 'vitest';
import { directoryApproverIds, unavailableActivities } from '../model/approvers.ts';
import {
  addActivity,
  addOutcome,
  connect,
  moveActivities,
  nextActivityId,
  removeActivities,
  removeConnections,
  removeOutcome,
  renameActivity,
  renameOutcome,
  setProperties,
  uniqueDisplayName,
} from '../model/definition-ops.ts';
import { exportFileName, hasWork, readWorkflowFile } from '../model/file-io.ts';
import { workflowFormFields } from '../model/form-fields.ts';
import { freeSpot, NODE_WIDTH } from '../model/placement.ts';

/** Start → Fork (two branches, each to an approval) → Join → End. */
function forkFlow(): WorkflowDefinition {
  let definition = emptyDefinition();
  definition = removeConnections(definition, definition.connections);
  for (const activity of [
    createActivity('Fork', 'fork-1', { x: 200, y: 0 }),
    createActivity('Approval', 'approval-1', { x: 400, y: -100 }),
    createActivity('Approval', 'approval-2', { x: 400, y: 100 }),
    createActivity('Join', 'join-1', { x: 600, y: 0 }),
  ])
    definition = addActivity(definition, activity);
  const links: [string, string, string][] = [
    ['start', 'fork-1', 'Done'],
    ['fork-1', 'approval-1', 'Branch 1'],
    ['fork-1', 'approval-2', 'Branch 2'],
    ['approval-1', 'join-1', 'Approve'],
    ['approval-2', 'join-1', 'Approve'],
    ['join-1', 'end', 'Done'],
  ];
  for (const [source, target, outcome] of links)
    definition = connect(definition, { sourceActivityId: source, targetActivityId: target, outcome });
  return definition;
}

const outcomesOf = (definition: WorkflowDefinition, id: string) =>
  definition.connections
    .filter((connection) => connection.sourceActivityId === id)
    .map((connection) => `${connection.outcome}->${connection.targetActivityId}`);

describe('workflow definition edits', () => {
  it('adds activities with fresh ids and names at a spot no other activity covers', () => {
    const start = emptyDefinition();
    expect(nextActivityId(start, 'Approval')).toBe('approval-1');
    const spot = freeSpot(start);
    // Start sits at 0,0 and End at 260,0: the first free slot is further along the row.
    expect(spot.y).toBe(0);
    expect(spot.x).toBeGreaterThanOrEqual(260 + NODE_WIDTH);
    const approval = { ...createActivity('Approval', 'approval-1', spot), displayName: 'Approval' };
    const once = addActivity(start, approval);
    expect(once.activities.map((activity) => activity.activityId)).toEqual(['start', 'end', 'approval-1']);
    expect(nextActivityId(once, 'Approval')).toBe('approval-2');
    expect(uniqueDisplayName(once, 'Approval')).toBe('Approval 2');
    expect(freeSpot(once)).not.toEqual(spot);
    // The same id twice is refused, not duplicated.
    expect(addActivity(once, approval)).toBe(once);
  });

  it('connects an outcome to one place: a new connection from it replaces the old one', () => {
    const definition = forkFlow();
    const moved = connect(definition, {
      sourceActivityId: 'approval-1',
      targetActivityId: 'end',
      outcome: 'Approve',
    });
    expect(outcomesOf(moved, 'approval-1')).toEqual(['Approve->end']);
    const both = connect(moved, {
      sourceActivityId: 'approval-1',
      targetActivityId: 'end',
      outcome: 'Reject',
    });
    expect(outcomesOf(both, 'approval-1')).toEqual(['Approve->end', 'Reject->end']);
    // Loops onto itself, unknown activities and a repeat of an existing connection change nothing.
    expect(connect(both, { sourceActivityId: 'join-1', targetActivityId: 'join-1', outcome: 'Done' })).toBe(
      both,
    );
    expect(connect(both, { sourceActivityId: 'nope', targetActivityId: 'end', outcome: 'Done' })).toBe(both);
    expect(
      connect(both, { sourceActivityId: 'approval-1', targetActivityId: 'end', outcome: 'Reject' }),
    ).toBe(both);
  });

  it('renames a fork branch and keeps its connection; refuses empty and taken names', () => {
    const definition = forkFlow();
    const renamed = renameOutcome(definition, 'fork-1', 'branches', 0, '  Finance ');
    expect(renamed.activities.find((a) => a.activityId === 'fork-1')?.properties.branches).toEqual([
      'Finance',
      'Branch 2',
    ]);
    expect(outcomesOf(renamed, 'fork-1')).toEqual(['Finance->approval-1', 'Branch 2->approval-2']);
    expect(renameOutcome(renamed, 'fork-1', 'branches', 0, '')).toBe(renamed);
    expect(renameOutcome(renamed, 'fork-1', 'branches', 0, 'Branch 2')).toBe(renamed);

    const added = addOutcome(renamed, 'fork-1', 'branches', 'Branch');
    expect(added.activities.find((a) => a.activityId === 'fork-1')?.properties.branches).toEqual([
      'Finance',
      'Branch 2',
      'Branch 3',
    ]);
    const removed = removeOutcome(added, 'fork-1', 'branches', 1);
    expect(removed.activities.find((a) => a.activityId === 'fork-1')?.properties.branches).toEqual([
      'Finance',
      'Branch 3',
    ]);
    expect(outcomesOf(removed, 'fork-1')).toEqual(['Finance->approval-1']);
  });

  it('renames a user task action together with its connection', () => {
    let definition = addActivity(emptyDefinition(), createActivity('UserTask', 'task', { x: 0, y: 200 }));
    definition = connect(definition, { sourceActivityId: 'task', targetActivityId: 'end', outcome: 'Done' });
    const next = renameOutcome(definition, 'task', 'actions', 0, 'Checked');
    expect(next.activities.find((a) => a.activityId === 'task')?.properties.actions).toEqual(['Checked']);
    expect(outcomesOf(next, 'task')).toEqual(['Checked->end']);
  });

  it('deletes an activity with every connection into and out of it', () => {
    const definition = forkFlow();
    const next = removeActivities(definition, ['approval-1']);
    expect(next.activities.map((activity) => activity.activityId)).not.toContain('approval-1');
    expect(
      next.connections.some(
        (c) => c.sourceActivityId === 'approval-1' || c.targetActivityId === 'approval-1',
      ),
    ).toBe(false);
    expect(next.connections).toHaveLength(definition.connections.length - 2);
    expect(removeActivities(next, ['approval-1'])).toBe(next);
    const unlinked = removeConnections(next, [
      { sourceActivityId: 'join-1', targetActivityId: 'end', outcome: 'Done' },
    ]);
    expect(unlinked.connections).toHaveLength(next.connections.length - 1);
  });

  it('moves, renames and sets properties, returning the same definition when nothing changes', () => {
    const definition = forkFlow();
    const moved = moveActivities(definition, { 'join-1': { x: 640, y: 20 } });
    expect(moved.activities.find((a) => a.activityId === 'join-1')?.position).toEqual({ x: 640, y: 20 });
    expect(moveActivities(moved, { 'join-1': { x: 640, y: 20 } })).toBe(moved);
    const named = renameActivity(moved, 'approval-1', 'Manager approval');
    expect(named.activities.find((a) => a.activityId === 'approval-1')?.displayName).toBe('Manager approval');
    expect(renameActivity(named, 'approval-1', 'Manager approval')).toBe(named);
    const set = setProperties(named, 'join-1', { mode: 'WaitAny' });
    expect(set.activities.find((a) => a.activityId === 'join-1')?.properties).toEqual({ mode: 'WaitAny' });
  });
});

describe('import and export files', () => {
  it('reads our own export back, and replacing asks only when there is work to lose', () => {
    const definition = forkFlow();
    const read = readWorkflowFile(JSON.stringify(exportDefinition(definition)));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.result.definition).toEqual(definition);
    expect(read.result.warnings).toEqual([]);
    expect(hasWork(definition)).toBe(true);
    expect(hasWork(emptyDefinition())).toBe(false);
  });

  it('imports an Elsa definition without positions, laid out, with warnings', () => {
    const elsa = {
      $id: '1',
      activities: [
        { $id: '2', activityId: 'a', type: 'WriteLine', displayName: 'Write', properties: [] },
        { $id: '3', activityId: 'b', type: 'Finish', properties: [] },
      ],
      connections: [{ sourceActivityId: 'a', targetActivityId: 'b', outcome: 'Done' }],
    };
    const read = readWorkflowFile(JSON.stringify(elsa));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.result.definition.activities.every((activity) => activity.position)).toBe(true);
    expect(read.result.definition.activities.some((activity) => activity.type === 'Start')).toBe(true);
    expect(read.result.warnings.length).toBeGreaterThan(0);
  });

  it('refuses what is not JSON or not a workflow, and names the export after the app', () => {
    expect(readWorkflowFile('{nope')).toEqual({ ok: false, reason: 'notJson' });
    expect(readWorkflowFile('{"name": "x"}')).toEqual({ ok: false, reason: 'notWorkflow' });
    expect(exportFileName('Invoices')).toBe('Invoices-workflow.json');
    expect(exportFileName(' A/B: c ')).toBe('A-B- c-workflow.json');
    expect(exportFileName('  ')).toBe('workflow-workflow.json');
  });
});

describe('approvers and form fields', () => {
  const withApprovers = (assignment: unknown[]) => setProperties(forkFlow(), 'approval-1', { assignment });

  it('asks about directory approvers only and reports an activity none of whose approvers is left', () => {
    const definition = setProperties(
      withApprovers([
        { approver_id: 'u-1', type: 'user', name: 'Ann' },
        { approver_id: 't-1', type: 'team', name: 'Finance' },
      ]),
      'approval-2',
      {
        assignment: [
          { approver_id: 'owner', type: 'field' },
          { approver_id: 'u-9', type: 'user' },
        ],
      },
    );
    expect(directoryApproverIds(definition)).toEqual(['t-1', 'u-1', 'u-9']);
    // Nobody left: approval-1 is unavailable; approval-2 still has its field approver.
    expect([...unavailableActivities(definition, [])]).toEqual(['approval-1']);
    // One of approval-1's approvers remains: fine. A role with a user's id does not count.
    expect(unavailableActivities(definition, [{ approver_id: 't-1', type: 'team' }]).size).toBe(0);
    expect([...unavailableActivities(definition, [{ approver_id: 'u-1', type: 'role' }])]).toEqual([
      'approval-1',
    ]);
    // A team (or role) without an active member would leave the task to nobody: as good as gone.
    const emptyTeam = [{ approver_id: 't-1', type: 'team' as const, members: 0 }];
    expect([...unavailableActivities(definition, emptyTeam)]).toEqual(['approval-1']);
    const staffed = [{ approver_id: 't-1', type: 'team' as const, members: 2 }];
    expect(unavailableActivities(definition, staffed).size).toBe(0);
    // No approvers at all is a validation issue, not this message.
    expect(unavailableActivities(withApprovers([]), []).size).toBe(0);
  });

  it('lists the form fields for formulas, SetField and user approvers', () => {
    const layout: FormLayout = {
      sections: [
        {
          id: 's1',
          name: 'main',
          displayName: 'Main',
          isTable: false,
          minimumRowCount: 0,
          maximumRowCount: 0,
          rows: [
            {
              id: 'r1',
              cells: [
                { ...createField('number', 'f1', 'amount'), fieldName: 'Amount' },
                { id: 'gap', fieldType: 'empty-col', columnWidth: 2 },
                { ...createField('user', 'f2', 'owner'), fieldName: 'Owner' },
              ],
            },
          ],
        },
        {
          id: 's2',
          name: 'lines',
          displayName: 'Lines',
          isTable: true,
          minimumRowCount: 1,
          maximumRowCount: 5,
          rows: [{ id: 'r2', cells: [createField('text', 'f3', 'item')] }],
        },
      ],
    };
    const fields = workflowFormFields(layout);
    expect(fields.fields.map((field) => field.name)).toEqual(['amount', 'owner']);
    expect(fields.userFields.map((field) => field.name)).toEqual(['owner']);
    expect(fields.formulaFields).toEqual({
      amount: 'number',
      owner: expect.any(String),
      'lines.item': 'list',
    });
  });
});
