import { describe, expect, it } from 'vitest';
import { uniqueCardId, withCard } from '../api.ts';
import { blankQuestion, questionFromReport, toQuestionDefinition, withoutJoin } from '../lib/question.ts';
import { dashboard, INVOICES_ID, question } from './bi-fixtures.tsx';

describe('BI question state', () => {
  const state = {
    ...blankQuestion(INVOICES_ID),
    joins: [{ alias: 'j0' as const, field: 'customer' }],
    rows: [{ source: 'j0' as const, field: 'region' }],
    measure: { aggregate: 'avg' as const, source: 'j0' as const, field: 'rating' },
  };

  it('is incomplete without a row or a measured field', () => {
    expect(toQuestionDefinition(blankQuestion(INVOICES_ID))).toBeNull();
    expect(
      toQuestionDefinition({ ...state, measure: { aggregate: 'sum', source: 'base', field: '' } }),
    ).toBeNull();
  });

  it('is a grouped report with a chart without a column, and a pivot with one', () => {
    expect(toQuestionDefinition(state, ' Finance ')).toEqual({
      moduleId: INVOICES_ID,
      filters: [],
      joins: [{ alias: 'j0', field: 'customer' }],
      collection: 'Finance',
      groupBy: [{ field: 'region', source: 'j0' }],
      measures: [{ aggregate: 'avg', source: 'j0', field: 'rating' }],
      totals: true,
      chart: { type: 'bar', measure: 0 },
    });
    const pivot = toQuestionDefinition({
      ...state,
      column: { source: 'base', field: 'issued', grain: 'month' },
    });
    expect(pivot).toMatchObject({
      pivot: {
        rows: [{ field: 'region', source: 'j0' }],
        column: { field: 'issued', source: 'base', grain: 'month' },
        measure: { aggregate: 'avg', source: 'j0', field: 'rating' },
      },
    });
    expect(pivot).not.toHaveProperty('groupBy');
  });

  it('drops what read a removed join', () => {
    const next = withoutJoin({ ...state, column: { source: 'j0', field: 'name' } }, 'j0');
    expect(next).toMatchObject({ joins: [], rows: [], column: null, measure: { source: 'base', field: '' } });
  });

  it('opens a saved question', () => {
    const { state: opened, details } = questionFromReport(question());
    expect(opened.rows).toEqual([{ source: 'j0', field: 'region' }]);
    expect(opened.column).toEqual({ source: 'base', field: 'kind' });
    expect(details.collection).toBe('Finance');
  });

  it('appends a card below the dashboard with an id no card has', () => {
    expect(uniqueCardId(['bi-a'], 10)).toBe('bi-b');
    const body = withCard(dashboard, { type: 'chart', title: 'Q', x: 0, w: 6, h: 4 });
    expect(body.cards?.at(-1)).toMatchObject({ type: 'chart', y: 3, x: 0, w: 6, h: 4 });
    expect(body.cards).toHaveLength(2);
  });
});
