import type { FieldValueType } from '@formloop/domain';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../app/providers.tsx';
import { createQueryClient } from '../../../../app/query-client.ts';
import { i18n } from '../../../../app/i18n.ts';
import { FormulaInput } from '../formula-input.tsx';

const FIELDS: Record<string, FieldValueType> = {
  price: 'number',
  quantity: 'number',
  customer: 'text',
  'lines.amount': 'list',
};

function Host(props: { initial?: string; expected?: FieldValueType }) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <>
      <label htmlFor="formula">Formula</label>
      <FormulaInput
        id="formula"
        value={value}
        onChange={setValue}
        fields={FIELDS}
        expected={props.expected}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

function renderInput(props: Parameters<typeof Host>[0] = {}) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <Host {...props} />
      </Suspense>
    </AppProviders>,
  );
  return screen.findByLabelText('Formula', undefined, { timeout: 15_000 }) as Promise<HTMLTextAreaElement>;
}

const typeInto = (area: HTMLTextAreaElement, value: string, caret = value.length) => {
  fireEvent.change(area, { target: { value, selectionStart: caret, selectionEnd: caret } });
};
const marks = () => [...document.querySelectorAll('[data-formula-error]')].map((node) => node.textContent);

describe('formula input', { timeout: 30_000 }, () => {
  it('shows an unknown field with its position and underlines it, then clears it when fixed', async () => {
    const area = await renderInput({ expected: 'number' });
    expect(
      screen.getByText('Type a formula such as {price} * {quantity}; type { to pick a field.'),
    ).toBeTruthy();

    typeInto(area, '2 * {pric}');
    expect(await screen.findByText('Unknown field “pric” at position 4')).toBeTruthy();
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(marks()).toEqual(['{pric}']);

    typeInto(area, '2 * {price}');
    await waitFor(() => expect(screen.queryByText(/Unknown field/)).toBeNull());
    expect(marks()).toEqual([]);
    expect(area.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText(/The formula is valid\. Result: number/)).toBeTruthy();
  });

  it('translates diagnostics and reports wrong result types and syntax errors', async () => {
    const area = await renderInput({ expected: 'number' });
    typeInto(area, 'UPPER({customer})');
    expect(
      await screen.findByText('The formula returns text but the field holds number at position 0'),
    ).toBeTruthy();
    typeInto(area, '1 +');
    expect(await screen.findByText(/^The formula ends too early at position 3$/)).toBeTruthy();

    await act(() => i18n.changeLanguage('de'));
    typeInto(area, '{nope} + 1');
    expect(await screen.findByText('Unbekanntes Feld „nope“ an Position 0')).toBeTruthy();
  });

  it('offers the fields after { and the functions while typing a name, by keyboard', async () => {
    const area = await renderInput();
    typeInto(area, '{');
    const fieldList = await screen.findByRole('listbox', { name: 'Matching fields' });
    expect(
      within(fieldList)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['{price}number', '{quantity}number', '{customer}text', '{lines.amount}list']);
    fireEvent.keyDown(area, { key: 'ArrowDown' });
    expect(area.getAttribute('aria-activedescendant')).toBe(within(fieldList).getAllByRole('option')[1]?.id);
    fireEvent.keyDown(area, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('{quantity}'));
    expect(screen.queryByRole('listbox')).toBeNull();

    typeInto(area, '{quantity} * ROU');
    const functionList = await screen.findByRole('listbox', { name: 'Matching functions' });
    expect(
      within(functionList)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'ROUNDROUND(number, digits)',
      'ROUNDDOWNROUNDDOWN(number, digits)',
      'ROUNDUPROUNDUP(number, digits)',
    ]);
    fireEvent.keyDown(area, { key: 'Tab' });
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('{quantity} * ROUND('));

    typeInto(area, '{quantity} * ROUND({pr');
    await screen.findByRole('listbox', { name: 'Matching fields' });
    fireEvent.keyDown(area, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('lists the functions in a reference that inserts the chosen one', async () => {
    const area = await renderInput({ initial: '' });
    area.setSelectionRange(0, 0);
    fireEvent.click(screen.getByRole('button', { name: 'Functions' }));
    const insert = await screen.findByRole('button', { name: 'Insert SUM' });
    expect(screen.getByText('Adds numbers; blanks and text in lists are skipped.')).toBeTruthy();
    fireEvent.click(insert);
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('SUM('));
  });
});
