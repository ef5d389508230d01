import { FIELD_TYPES, START_ACTIVITY_ID } from '@formloop/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { definitionOf, payloadField, payloadGroup, renderForm, stacked } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const inputValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('form renderer', { timeout: 60_000 }, () => {
  it('renders a labelled control for every field type of the catalogue', async () => {
    mockFetch({});
    const fields = stacked(
      FIELD_TYPES.map((type) => payloadField(type, type.replace(/-/g, '_'), `Field ${type}`)),
    );
    renderForm({
      definition: definitionOf([payloadGroup('everything', fields, { displayName: 'Everything' })]),
    });

    await screen.findByText('Everything', undefined, { timeout: 15_000 });
    const rendered = [...document.querySelectorAll('[data-field-type]')].map((node) =>
      node.getAttribute('data-field-type'),
    );
    expect(rendered).toEqual([...FIELD_TYPES]);
    // Each field's own box holds a control named by its label (scoped queries keep jsdom quick).
    for (const type of FIELD_TYPES) {
      const box = document.querySelector(`[data-field-type="${type}"]`) as HTMLElement;
      expect(within(box).getAllByLabelText(`Field ${type}`).length, type).toBeGreaterThan(0);
    }
    // Placeholders say what runs later; a button shows its label; a sequence shows its format.
    expect(screen.getAllByPlaceholderText('The lookup runs when the app is used')).toHaveLength(2);
    const button = screen.getByLabelText('Field button');
    expect([button.tagName, button.hasAttribute('disabled')]).toEqual(['BUTTON', true]);
    expect(inputValue('Field sequence-number')).toBe('Generated on save, e.g. 0001');
  });

  it('computes a calculation field live from the fields it uses', async () => {
    mockFetch({});
    const fields = [
      payloadField('number', 'a', 'A'),
      payloadField('number', 'b', 'B', { columnIndex: 4 }),
      payloadField('calculation-number', 'total', 'Total', { formula: '{a} + {b}', columnIndex: 8 }),
    ];
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([payloadGroup('sums', fields)]),
      onValues: (values) => seen.push(values),
    });

    const a = await screen.findByLabelText('A', undefined, { timeout: 15_000 });
    fireEvent.change(a, { target: { value: '2' } });
    await waitFor(() => expect(inputValue('Total')).toBe('2.00'));
    fireEvent.change(screen.getByLabelText('B'), { target: { value: '3' } });
    await waitFor(() => expect(inputValue('Total')).toBe('5.00'));
    expect(seen.at(-1)).toMatchObject({ a: 2, b: 3, total: 5 });
    expect((screen.getByLabelText('Total') as HTMLInputElement).readOnly).toBe(true);
  });

  it('shows a failing formula with its translated error', async () => {
    mockFetch({});
    const fields = [payloadField('calculation-number', 'ratio', 'Ratio', { formula: '1 / 0' })];
    renderForm({ definition: definitionOf([payloadGroup('maths', fields)]) });
    expect(
      await screen.findByRole('img', { name: 'The formula failed: Division by zero (#DIV/0!)' }),
    ).toBeTruthy();
  });

  it('says a required field is required once it was touched, and checks patterns and e-mails', async () => {
    mockFetch({});
    const fields = stacked([
      payloadField('text', 'title', 'Title', { required: true }),
      payloadField('text', 'code', 'Code', { regex: '^[A-Z]{3}$' }),
      payloadField('email', 'mail', 'Mail'),
    ]);
    renderForm({ definition: definitionOf([payloadGroup('main', fields)]) });

    const title = await screen.findByLabelText('Title', undefined, { timeout: 15_000 });
    expect(screen.queryByText('This field is required')).toBeNull();
    fireEvent.change(title, { target: { value: 'x' } });
    fireEvent.change(title, { target: { value: '' } });
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(title, { target: { value: 'Invoice' } });
    await waitFor(() => expect(screen.queryByText('This field is required')).toBeNull());

    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'ab' } });
    expect(await screen.findByText('The value does not match the required format')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mail'), { target: { value: 'not-a-mail' } });
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
  });

  it('leaves out fields hidden at the activity, and sections with nothing left to show', async () => {
    mockFetch({});
    const definition = definitionOf(
      [
        payloadGroup(
          'open',
          stacked([payloadField('text', 'name', 'Name'), payloadField('text', 'secret', 'Secret')]),
          {
            displayName: 'Open section',
          },
        ),
        payloadGroup('closed', [payloadField('text', 'inner', 'Inner')], {
          displayName: 'Closed section',
          orderIndex: 1,
        }),
        payloadGroup('locked', [payloadField('text', 'fixed', 'Fixed')], {
          displayName: 'Locked',
          orderIndex: 2,
        }),
      ],
      [
        {
          activityId: START_ACTIVITY_ID,
          fields: [{ name: 'secret', control: 'hidden' }],
          fieldGroups: [
            { name: 'closed', control: 'hidden' },
            { name: 'locked', control: 'readonly' },
          ],
        },
      ],
    );
    const { unmount } = renderForm({ definition });
    expect(await screen.findByLabelText('Secret')).toBeTruthy();
    unmount();

    renderForm({ definition, activityId: START_ACTIVITY_ID });
    expect(await screen.findByLabelText('Name')).toBeTruthy();
    expect(screen.queryByLabelText('Secret')).toBeNull();
    expect(screen.queryByText('Closed section')).toBeNull();
    expect(screen.queryByLabelText('Inner')).toBeNull();
    expect((screen.getByLabelText('Fixed') as HTMLInputElement).readOnly).toBe(true);
  });

  it('keeps a table between its minimum and maximum row counts', async () => {
    mockFetch({});
    const table = payloadGroup(
      'lines',
      [payloadField('text', 'item', 'Item'), payloadField('number', 'qty', 'Qty', { columnIndex: 1 })],
      { displayName: 'Lines', isTable: true, minimumRowCount: 1, maximumRowCount: 2 },
    );
    const totals = payloadGroup(
      'totals',
      [payloadField('calculation-number', 'count', 'Total qty', { formula: 'SUM({lines.qty})' })],
      { orderIndex: 1 },
    );
    const seen: Record<string, unknown>[] = [];
    renderForm({ definition: definitionOf([table, totals]), onValues: (values) => seen.push(values) });

    const section = (await screen.findByText('Lines')).closest('.ant-card') as HTMLElement;
    // Label and text queries: role queries compute every accessible name and are slow in jsdom.
    const add = within(section).getByText('Add row').closest('button') as HTMLButtonElement;
    const remove = () => within(section).getAllByLabelText(/^Remove row/);
    expect(within(section).getByLabelText('Item, row 1')).toBeTruthy();
    expect(remove()).toHaveLength(1);
    expect(remove()[0]?.hasAttribute('disabled')).toBe(true);

    fireEvent.click(add);
    await waitFor(() => expect(remove()).toHaveLength(2));
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(remove().every((button) => !button.hasAttribute('disabled'))).toBe(true);

    fireEvent.change(within(section).getByLabelText('Qty, row 1'), { target: { value: '4' } });
    fireEvent.change(within(section).getByLabelText('Qty, row 2'), { target: { value: '6' } });
    await waitFor(() => expect(inputValue('Total qty')).toBe('10.00'));
    expect(seen.at(-1)?.lines).toEqual([{ qty: 4 }, { qty: 6 }]);

    fireEvent.click(remove()[0] as HTMLElement);
    await waitFor(() => expect(remove()).toHaveLength(1));
    expect(remove()[0]?.hasAttribute('disabled')).toBe(true);
    expect(add.hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(inputValue('Total qty')).toBe('6.00'));
  });

  it('shows percentages ×100 and stores them /100', async () => {
    mockFetch({});
    const fields = stacked([
      payloadField('number', 'rate', 'Rate', { format: 'Percentage', decimalPlaces: 0 }),
      payloadField('number', 'amount', 'Amount', { format: 'Thousands', decimalPlaces: 2 }),
    ]);
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([payloadGroup('money', fields)]),
      initial: { rate: 0.25, amount: 1234567.5 },
      onValues: (values) => seen.push(values),
    });
    expect(await screen.findByDisplayValue('25')).toBeTruthy();
    expect(inputValue('Amount')).toBe('1,234,567.50');

    fireEvent.change(screen.getByLabelText('Rate'), { target: { value: '7' } });
    await waitFor(() => expect(seen.at(-1)?.rate).toBe(0.07));
    // Separators are inferred from what is typed: dot/comma here.
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1.234,5' } });
    await waitFor(() => expect(seen.at(-1)?.amount).toBe(1234.5));
  });

  it('fills in defaults for a new form and shows everything read-only when asked', async () => {
    mockFetch({});
    const now = new Date('2026-03-04T10:20:30Z');
    const fields = stacked([
      payloadField('text', 'greeting', 'Greeting', { value: 'Hello' }),
      payloadField('date', 'day', 'Day', { today: true }),
      payloadField('richtext', 'notes', 'Notes'),
    ]);
    const seen: Record<string, unknown>[] = [];
    const definition = definitionOf([payloadGroup('main', fields)]);
    const { unmount } = renderForm({ definition, now, onValues: (values) => seen.push(values) });
    await waitFor(() => expect(seen[0]).toEqual({ greeting: 'Hello', day: '2026-03-04' }));
    unmount();

    renderForm({
      definition,
      readOnly: true,
      initial: { greeting: 'Hi', notes: '<p>Bold <b>move</b><img src=x onerror="alert(1)"></p>' },
    });
    expect(((await screen.findByLabelText('Greeting')) as HTMLInputElement).readOnly).toBe(true);
    const notes = screen.getByRole('document', { name: 'Notes' });
    expect(notes.innerHTML).toContain('<b>move</b>');
    expect(notes.innerHTML).not.toContain('onerror');
  });
});
