import { START_ACTIVITY_ID } from '@formloop/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { definitionOf, payloadField, payloadGroup, renderForm, stacked } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The box a read-only value draws: the input itself, or the wrapper antd puts around it and a suffix. */
const box = (element: HTMLElement) => element.closest('.ant-input-affix-wrapper') ?? element;

/** A read-only value reads as text: marked read-only for assistive technology, without a text box's border. */
function expectReadOnlyText(label: string, text: string) {
  const element = screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
  expect(element.value, label).toBe(text);
  expect(element.readOnly, label).toBe(true);
  expect(element.getAttribute('aria-readonly'), label).toBe('true');
  expect(element.hasAttribute('data-read-only'), label).toBe(true);
  expect(box(element).className, label).toContain('borderless');
  // A muted background instead of the border (the theme's fill under its normal text colour).
  expect((box(element) as HTMLElement).style.background, label).toMatch(/^rgba?\(/);
  // Still in the tab order, for reading and copying.
  expect(element.tabIndex, label).toBe(0);
  expect(element.disabled, label).toBe(false);
}

describe('read-only fields', { timeout: 60_000 }, () => {
  it('show their values as text, never as text boxes that ignore typing', async () => {
    mockFetch({});
    const fields = stacked([
      payloadField('text', 'name', 'Name'),
      payloadField('textarea', 'notes', 'Notes'),
      payloadField('email', 'mail', 'Mail'),
      payloadField('number', 'rate', 'Rate', { format: 'Percentage', decimalPlaces: 0 }),
      payloadField('number', 'amount', 'Amount', { format: 'Thousands', decimalPlaces: 2 }),
      payloadField('barcode-scanner', 'code', 'Code'),
      payloadField('dropdown', 'size', 'Size'),
    ]);
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([payloadGroup('main', fields)]),
      readOnly: true,
      initial: {
        name: 'Ada',
        notes: 'First line\nSecond line',
        mail: 'ada@acme.example',
        rate: 0.25,
        amount: 1234.5,
        code: 'X-42',
        size: 'Large',
      },
      onValues: (values) => seen.push(values),
    });
    await screen.findByLabelText('Name', undefined, { timeout: 15_000 });
    expectReadOnlyText('Name', 'Ada');
    expectReadOnlyText('Notes', 'First line\nSecond line');
    expectReadOnlyText('Mail', 'ada@acme.example');
    expectReadOnlyText('Rate', '25%');
    expectReadOnlyText('Amount', '1,234.50');
    expectReadOnlyText('Code', 'X-42');
    expectReadOnlyText('Size', 'Large');
    expect((screen.getByLabelText('Notes') as HTMLElement).tagName).toBe('TEXTAREA');

    // Whatever reaches them changes nothing.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Bob' } });
    expect(seen.every((values) => values.name === 'Ada')).toBe(true);
  });

  it('marks only the fields the viewer may not edit, next to editable ones that keep their box', async () => {
    mockFetch({});
    const definition = definitionOf(
      [
        payloadGroup('open', stacked([payloadField('text', 'name', 'Name')])),
        payloadGroup('locked', stacked([payloadField('text', 'fixed', 'Fixed')]), { orderIndex: 1 }),
      ],
      [
        {
          activityId: START_ACTIVITY_ID,
          fields: [],
          fieldGroups: [{ name: 'locked', control: 'readonly' }],
        },
      ],
    );
    renderForm({ definition, activityId: START_ACTIVITY_ID, initial: { fixed: 'Set by the office' } });
    const name = (await screen.findByLabelText('Name', undefined, { timeout: 15_000 })) as HTMLInputElement;
    expect(name.readOnly).toBe(false);
    expect(name.hasAttribute('aria-readonly')).toBe(false);
    expect(name.className).not.toContain('borderless');
    expectReadOnlyText('Fixed', 'Set by the office');
  });
});
