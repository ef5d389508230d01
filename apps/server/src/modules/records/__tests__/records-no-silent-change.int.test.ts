import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { arrangePeople, field, section, type People } from '../../apps/__tests__/app-fixtures.ts';
import { detailOf, publishApp, saveRecord, saved, submitRecord } from './record-fixtures.ts';

// Issue 22 item 2 through the API: the server stores what was typed or refuses it with a message
// at the field; it never rounds or snaps.

let server: TestServer;
let people: People;
let appId: string;

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  appId = await publishApp(people.fred, 'Typed values', [
    section('main', [
      [field('text', 'title'), field('number', 'amount'), field('number', 'qty', { decimalPlaces: 0 })],
      [
        field('number', 'price', { format: 'Currency' }),
        field('number', 'rate', { format: 'Percentage', decimalPlaces: 1 }),
        field('slider', 'level', { minValue: 0, maxValue: 100, intervalSize: 5 }),
      ],
      [field('date', 'due'), field('datetime', 'at')],
    ]),
  ]);
});
afterAll(() => server?.close());

describe('no silent change on save', () => {
  it('keeps 42.5 in a new Number field, Currency’s third decimal, percentages and dates as given', async () => {
    const data = {
      title: 'Typed',
      amount: '42.5',
      qty: 43,
      price: '1.234,567',
      rate: 0.125,
      level: 35,
      due: '2026-03-01',
      at: '2026-03-01T23:30:00.250-10:00',
    };
    const draft = await saved(saveRecord(people.fred, appId, { data }));
    const expected = {
      ...data,
      amount: 42.5,
      price: 1234.567,
      at: '2026-03-02T09:30:00.250Z',
    };
    expect(draft.data).toEqual(expected);
    const submitted = await saved(submitRecord(people.fred, appId, { recordId: draft.id, data: draft.data }));
    expect(submitted.data).toEqual(expected);
    expect((await detailOf(people.fred, draft.id)).record.data).toEqual(expected);
  });

  it('refuses more decimals than allowed and slider values off the grid, at their fields', async () => {
    const res = await saveRecord(people.fred, appId, {
      data: { title: 'Too precise', qty: 42.5, rate: 0.1255, level: 37 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toEqual([
      { field: 'qty', message: 'Enter a whole number', key: 'recordValues.wholeNumber', params: {} },
      {
        field: 'rate',
        message: 'Use at most 1 decimal places',
        key: 'recordValues.decimals',
        params: { max: '1' },
      },
      {
        field: 'level',
        message: 'Choose a value in steps of 5 from 0',
        key: 'recordValues.step',
        params: { min: '0', step: '5' },
      },
    ]);
  });
});
