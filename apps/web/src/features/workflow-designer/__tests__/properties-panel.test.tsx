import { WORKFLOW_PATHS } from '@formloop/contracts';
import { createField } from '@formloop/domain';
import {
  createActivity,
  emptyDefinition,
  validateDefinition,
  type Approver,
  type WorkflowDefinition,
} from '@formloop/workflow';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { mockFetch, ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import { addActivity } from '../model/definition-ops.ts';
import { workflowFormFields } from '../model/form-fields.ts';
import { PropertiesPanel } from '../properties/properties-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LOOKUP = `GET ${WORKFLOW_PATHS.lookupAssignee}`;

const formFields = workflowFormFields({
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
            { ...createField('user', 'f2', 'owner'), fieldName: 'Owner' },
          ],
        },
      ],
    },
  ],
});

function approvalFlow(assignment: Approver[], displayName = 'Manager approval'): WorkflowDefinition {
  const approval = createActivity('Approval', 'approval-1', { x: 300, y: 0 });
  return addActivity(emptyDefinition(), {
    ...approval,
    displayName,
    properties: { ...approval.properties, assignment },
  });
}

/** The panel with its definition kept in state, as the editor keeps it; every change is recorded. */
function renderPanel(initial: WorkflowDefinition, activityId = 'approval-1') {
  const changes: WorkflowDefinition[] = [];
  function Host() {
    const [definition, setDefinition] = useState(initial);
    return (
      <PropertiesPanel
        definition={definition}
        activityId={activityId}
        issues={validateDefinition(definition)}
        formFields={formFields}
        onChange={(next) => {
          changes.push(next);
          setDefinition(next);
        }}
        onDelete={() => undefined}
      />
    );
  }
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <Host />
      </Suspense>
    </AppProviders>,
  );
  return changes;
}

const assignmentOf = (definition: WorkflowDefinition | undefined) =>
  definition?.activities.find((activity) => activity.activityId === 'approval-1')?.properties.assignment;

const openList = () =>
  document.querySelector<HTMLElement>(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) [role="listbox"]',
  )?.parentElement ?? null;

/** Picks an option of the open approver list by its text. */
async function pick(label: string) {
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find(
      (item) => item.textContent === label,
    );
    expect(found).toBeTruthy();
    return found!;
  });
  await act(async () => {
    fireEvent.click(option);
  });
}

describe('workflow properties panel', { timeout: 60_000 }, () => {
  it('edits an approval’s approvers: users, teams and roles from LookupAssignee, user fields and the initiator', async () => {
    const calls: RecordedCall[] = mockFetch({
      [LOOKUP]: (call) =>
        call.url.includes('search=')
          ? ok([
              { approver_id: 'u-2', type: 'user', name: 'Bea Boss', email: 'bea@example.com' },
              { approver_id: 't-1', type: 'team', name: 'Finance' },
              { approver_id: 'r-1', type: 'role', name: 'Auditors' },
            ])
          : ok([]),
    });
    const changes = renderPanel(approvalFlow([]));
    expect(await screen.findByText('Approval properties')).toBeTruthy();
    // Nothing is asked until the list opens (no saved directory approvers either).
    expect(calls).toEqual([]);

    fireEvent.mouseDown(within(screen.getByTestId('workflow-properties')).getAllByRole('combobox')[0]!);
    await waitFor(() => expect(openList()?.textContent).toContain('Finance'));
    const list = openList()!;
    for (const group of ['Users', 'Teams', 'Roles', 'User fields of the record', 'Initiator'])
      expect(list.textContent).toContain(group);
    expect(calls[0]?.url).toBe(`${WORKFLOW_PATHS.lookupAssignee}?search=`);

    await pick('Bea Boss (bea@example.com)');
    expect(assignmentOf(changes.at(-1))).toEqual([{ approver_id: 'u-2', type: 'user', name: 'Bea Boss' }]);
    await pick('Owner (owner)');
    await pick('The initiator');
    expect(assignmentOf(changes.at(-1))).toEqual([
      { approver_id: 'u-2', type: 'user', name: 'Bea Boss' },
      { approver_id: 'owner', type: 'field', name: 'Owner' },
      { approver_id: 'initiator', type: 'initiator' },
    ]);
    // The missing-approvers issue of this activity is gone with the first approver.
    expect(screen.queryByText('Manager approval has no approvers.')).toBeNull();
  });

  it('says the assignee is no longer available when LookupAssignee returns none of the saved ids', async () => {
    const calls = mockFetch({ [LOOKUP]: ok([]) });
    renderPanel(
      approvalFlow([
        { approver_id: 'u-gone', type: 'user', name: 'Gone Person' },
        { approver_id: 't-gone', type: 'team', name: 'Old team' },
      ]),
    );
    expect(await screen.findByText('Assignee for Manager approval is no longer available')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual([
      `${WORKFLOW_PATHS.lookupAssignee}?ids=${encodeURIComponent('t-gone,u-gone')}`,
    ]);
    // The saved approvers still show by their names.
    expect(screen.getByText('Gone Person')).toBeTruthy();
  });

  it('warns as well when the remaining team has no active member: the task would reach nobody', async () => {
    mockFetch({ [LOOKUP]: ok([{ approver_id: 't-1', type: 'team', name: 'Finance', members: 0 }]) });
    renderPanel(approvalFlow([{ approver_id: 't-1', type: 'team', name: 'Finance' }]));
    expect(await screen.findByText('Assignee for Manager approval is no longer available')).toBeTruthy();
    // Assignees need no role on the app: the approver field says so.
    expect(screen.getByText(/even without a role granting them the app/)).toBeTruthy();
  });

  it('says nothing while one approver remains, or when a field approver is among them', async () => {
    mockFetch({ [LOOKUP]: ok([{ approver_id: 't-1', type: 'team', name: 'Finance' }]) });
    renderPanel(
      approvalFlow([
        { approver_id: 'u-gone', type: 'user', name: 'Gone Person' },
        { approver_id: 't-1', type: 'team', name: 'Finance' },
      ]),
    );
    await screen.findByText('Approval properties');
    await waitFor(() => expect(screen.getAllByText('Finance').length).toBeGreaterThan(0));
    expect(screen.queryByText(/is no longer available/)).toBeNull();
  });

  it('renames a user task and keeps its fields as a plain form', async () => {
    mockFetch({ [LOOKUP]: ok([]) });
    const task = createActivity('UserTask', 'task-1', { x: 300, y: 0 });
    const changes = renderPanel(addActivity(emptyDefinition(), task), 'task-1');
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Check the invoice' } });
    expect(changes.at(-1)?.activities.find((a) => a.activityId === 'task-1')?.displayName).toBe(
      'Check the invoice',
    );
    const action = screen.getByLabelText('Action 1') as HTMLInputElement;
    fireEvent.change(action, { target: { value: '' } });
    expect(screen.getByText('Enter a name.')).toBeTruthy();
    fireEvent.change(action, { target: { value: 'Checked' } });
    fireEvent.blur(action);
    expect(changes.at(-1)?.activities.find((a) => a.activityId === 'task-1')?.properties.actions).toEqual([
      'Checked',
    ]);
    fireEvent.click(screen.getByLabelText('Allow sending the record back to an earlier step'));
    expect(changes.at(-1)?.activities.find((a) => a.activityId === 'task-1')?.properties.allowSendBack).toBe(
      false,
    );
  });

  it('offers timer presets and says when the duration is not ISO 8601', async () => {
    mockFetch({});
    const timer = createActivity('Timer', 'timer-1', { x: 300, y: 0 });
    const changes = renderPanel(addActivity(emptyDefinition(), timer), 'timer-1');
    const duration = (await screen.findByLabelText('Wait for')) as HTMLInputElement;
    fireEvent.change(duration, { target: { value: 'soon' } });
    expect(await screen.findByText('Enter an ISO 8601 duration, e.g. PT30M or P1D.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '1 day' }));
    expect(changes.at(-1)?.activities.find((a) => a.activityId === 'timer-1')?.properties.duration).toBe(
      'P1D',
    );
    expect(duration.value).toBe('P1D');
  });
});
