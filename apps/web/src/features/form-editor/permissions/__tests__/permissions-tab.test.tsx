import {
  createField,
  selectableActivities,
  type ActivityPermission,
  type FormField,
  type FormLayout,
} from '@formloop/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/providers.tsx';
import { createQueryClient } from '../../../../app/query-client.ts';
import { mockFetch } from '../../../../test/fetch-mock.ts';
import { PermissionsTab } from '../permissions-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (type: FormField['fieldType'], id: string, name: string, label: string): FormField => ({
  ...createField(type, id, name),
  fieldName: label,
});

const layout: FormLayout = {
  sections: [
    {
      id: 's-details',
      name: 'details',
      displayName: 'Details',
      isTable: false,
      minimumRowCount: 0,
      maximumRowCount: 0,
      rows: [
        {
          id: 'r-1',
          cells: [
            field('text', 'f-customer', 'customer', 'Customer'),
            { id: 'gap', fieldType: 'empty-col', columnWidth: 4 },
            field('number', 'f-amount', 'amount', 'Amount'),
          ],
        },
      ],
    },
    {
      id: 's-lines',
      name: 'lines',
      displayName: 'Lines',
      isTable: true,
      minimumRowCount: 1,
      maximumRowCount: 5,
      rows: [{ id: 'r-2', cells: [field('text', 'f-item', 'item', 'Item')] }],
    },
  ],
};

const activities = selectableActivities([
  { type: 'UserTask', activityId: 'approve', displayName: 'Approve order' },
]);

/** The tab with its permission kept in state, as the editor page keeps it; every change is recorded. */
function renderTab(initial: ActivityPermission[] = [], form: FormLayout = layout, readOnly = false) {
  mockFetch({});
  const changes: ActivityPermission[][] = [];
  function Host() {
    const [permission, setPermission] = useState(initial);
    return (
      <PermissionsTab
        layout={form}
        permission={permission}
        activities={activities}
        readOnly={readOnly}
        onChange={(next) => {
          changes.push(next);
          setPermission(next);
        }}
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

/** The text a cell shows: its own level, or the greyed level that applies without one. */
const shown = (testId: string) =>
  screen.getByTestId(testId).querySelector('.ant-select-content, .ant-select-selection-item')?.textContent;

/** The Start column's title (the table also copies titles into a hidden row that measures widths). */
const startHeader = () => document.querySelector<HTMLElement>('thead [data-testid="perm-column-fs-start"]')!;

const openLists = () =>
  Array.from(
    document.querySelectorAll<HTMLElement>(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) [role="listbox"]',
    ),
  );

/** Opens a cell's select and picks an option by its text, in the list this select opened. */
async function choose(testId: string, option: string) {
  const before = new Set(openLists());
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const listbox = await waitFor(() => {
    const lists = openLists();
    // A list still closing from the last pick stays in the document for a moment: prefer the new one.
    const list = lists.find((candidate) => !before.has(candidate)) ?? lists.at(-1);
    expect(list).toBeTruthy();
    return list!;
  });
  await act(async () => {
    fireEvent.click(within(listbox).getByRole('option', { name: option }));
  });
}

describe('field permissions tab', { timeout: 40_000 }, () => {
  it('renders every section and field against start, the workflow’s activities and completed', async () => {
    renderTab();
    await screen.findByTestId('perm-matrix');
    // Plain selectors: role queries over a matrix of selects are slow in jsdom.
    const headers = Array.from(document.querySelectorAll('thead th')).map((cell) => cell.textContent ?? '');
    expect(headers[0]).toBe('Section or field');
    expect(headers.slice(1).map((text) => text.replace(/Set all.*$/, ''))).toEqual([
      'Start',
      'Approve order',
      'Completed',
    ]);
    const rows = Array.from(document.querySelectorAll('tbody tr:not([aria-hidden])')).map(
      (row) => row.querySelector('td')?.textContent,
    );
    expect(rows).toEqual(['Details', 'Customercustomer', 'Amountamount', 'LinesTable', 'Itemitem']);
    // Without rules the defaults apply: visible at start and at tasks, read only once completed.
    expect(shown('perm-fs-start-customer')).toBe('Visible (default)');
    expect(shown('perm-approve-item')).toBe('Visible (default)');
    expect(shown('perm-fs-complete-amount')).toBe('Read only (default)');
    expect(shown('perm-group-fs-start-lines')).toBe('Visible (default)');
    expect(screen.getByTestId('perm-legend').textContent).toContain('Not shown at all.');
  });

  it('sets a field hidden at fs-start and clears it again', async () => {
    const changes = renderTab();
    await screen.findByTestId('perm-matrix');
    await choose('perm-fs-start-amount', 'Hidden');
    expect(changes.at(-1)).toEqual([
      { activityId: 'fs-start', fields: [{ name: 'amount', control: 'hidden' }], fieldGroups: [] },
    ]);
    await waitFor(() => expect(shown('perm-fs-start-amount')).toBe('Hidden'));
    expect(shown('perm-approve-amount')).toBe('Visible (default)');

    await choose('perm-fs-start-amount', 'Default (Visible)');
    expect(changes.at(-1)).toEqual([]);
    await waitFor(() => expect(shown('perm-fs-start-amount')).toBe('Visible (default)'));
  });

  it('shows a section’s rule on its fields until a field has its own', async () => {
    const changes = renderTab([
      { activityId: 'approve', fields: [{ name: 'amount', control: 'editable' }], fieldGroups: [] },
    ]);
    await screen.findByTestId('perm-matrix');
    await choose('perm-group-approve-details', 'Read only');
    expect(changes.at(-1)).toEqual([
      {
        activityId: 'approve',
        fields: [{ name: 'amount', control: 'editable' }],
        fieldGroups: [{ name: 'details', control: 'readonly' }],
      },
    ]);
    await waitFor(() => expect(shown('perm-approve-customer')).toBe('Read only (section)'));
    // The field's own rule wins over the section's.
    expect(shown('perm-approve-amount')).toBe('Editable');
    // Fields of other sections and other activities are untouched.
    expect(shown('perm-approve-item')).toBe('Visible (default)');
    expect(shown('perm-fs-start-customer')).toBe('Visible (default)');
    // Its "no rule" choice names what it falls back to.
    await choose('perm-approve-amount', 'Same as section (Read only)');
    await waitFor(() => expect(shown('perm-approve-amount')).toBe('Read only (section)'));
  });

  it('sets every field of a column at once and clears the column', async () => {
    const changes = renderTab([
      { activityId: 'fs-start', fields: [], fieldGroups: [{ name: 'lines', control: 'readonly' }] },
      { activityId: 'fs-complete', fields: [{ name: 'item', control: 'hidden' }], fieldGroups: [] },
    ]);
    await screen.findByTestId('perm-matrix');
    const column = () => within(startHeader());
    fireEvent.click(column().getByRole('button', { name: 'Set every field at Start' }));
    fireEvent.click(await screen.findByText('Every field Hidden'));
    expect(changes.at(-1)).toEqual([
      { activityId: 'fs-complete', fields: [{ name: 'item', control: 'hidden' }], fieldGroups: [] },
      {
        activityId: 'fs-start',
        fields: [
          { name: 'customer', control: 'hidden' },
          { name: 'amount', control: 'hidden' },
          { name: 'item', control: 'hidden' },
        ],
        fieldGroups: [],
      },
    ]);
    await waitFor(() => expect(shown('perm-fs-start-customer')).toBe('Hidden'));

    fireEvent.click(column().getByRole('button', { name: 'Clear the rules at Start' }));
    const confirm = await waitFor(() => {
      const popup = document.querySelector<HTMLElement>('.ant-popconfirm');
      expect(popup?.textContent).toContain('Remove every rule at Start?');
      return popup!;
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Clear' }));
    expect(changes.at(-1)).toEqual([
      { activityId: 'fs-complete', fields: [{ name: 'item', control: 'hidden' }], fieldGroups: [] },
    ]);
    await waitFor(() => expect(shown('perm-fs-start-customer')).toBe('Visible (default)'));
    expect(shown('perm-fs-complete-item')).toBe('Hidden');
  });

  it('moves between cells with the arrow keys', async () => {
    renderTab();
    await screen.findByTestId('perm-matrix');
    const start = within(screen.getByTestId('perm-fs-start-customer')).getByRole('combobox');
    start.focus();
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(
      within(screen.getByTestId('perm-approve-customer')).getByRole('combobox'),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown', ctrlKey: true });
    expect(document.activeElement).toBe(
      within(screen.getByTestId('perm-approve-amount')).getByRole('combobox'),
    );
  });

  it('shows the rules without letting them change when read only', async () => {
    renderTab(
      [{ activityId: 'fs-start', fields: [{ name: 'item', control: 'readonly' }], fieldGroups: [] }],
      layout,
      true,
    );
    await screen.findByTestId('perm-matrix');
    expect(shown('perm-fs-start-item')).toBe('Read only');
    expect(screen.getByTestId('perm-fs-start-item').className).toContain('ant-select-disabled');
    expect(within(startHeader()).queryByRole('button', { name: 'Set every field at Start' })).toBeNull();
  });

  it('says so when the form has no fields', async () => {
    renderTab([], { sections: [{ ...layout.sections[0]!, rows: [] }] });
    expect((await screen.findByTestId('perm-empty')).textContent).toContain('This form has no fields yet.');
    expect(screen.queryByTestId('perm-matrix')).toBeNull();
  });
});
