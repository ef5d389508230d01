import { describe, expect, it } from 'vitest';
import { evaluateComputedFields, type ComputedField } from '../index.ts';

const now = new Date('2024-03-15T09:00:00Z');

describe('evaluateComputedFields', () => {
  it('evaluates in dependency order whatever order the fields are declared in', () => {
    const fields: ComputedField[] = [
      { name: 'total', formula: '{subtotal} + {tax}', valueType: 'number' },
      { name: 'tax', formula: 'ROUND({subtotal} * {rate}, 2)', valueType: 'number' },
      { name: 'subtotal', formula: 'SUM({lines.amount})', valueType: 'number' },
      { name: 'label', formula: '"Total: " & TEXT({total}, "#,##0.00")', valueType: 'text' },
    ];
    const result = evaluateComputedFields(fields, {
      rate: 0.19,
      lines: [{ amount: 100 }, { amount: 23.45 }],
    });
    expect(result).toEqual({
      values: { subtotal: 123.45, tax: 23.46, total: 146.91, label: 'Total: 146.91' },
      errors: {},
    });
  });

  it('stores values by each field value type, and downstream fields read the stored form', () => {
    const fields: ComputedField[] = [
      { name: 'due', formula: 'WORKDAY({start}, 3)', valueType: 'date' },
      { name: 'reminder', formula: '{due} - 1', valueType: 'date' },
      { name: 'overdue', formula: '{due} < TODAY()', valueType: 'boolean' },
      { name: 'meeting', formula: '{due} + TIME(14, 0, 0)', valueType: 'datetime' },
      { name: 'slot', formula: '{meeting}', valueType: 'time' },
    ];
    const { values, errors } = evaluateComputedFields(fields, { start: '2024-03-08' }, { now });
    expect(errors).toEqual({});
    expect(values).toEqual({
      due: '2024-03-13',
      reminder: '2024-03-12',
      overdue: true,
      meeting: '2024-03-13T14:00:00.000Z',
      slot: '14:00:00',
    });
  });

  it('ignores stale input values of computed fields and recomputes them', () => {
    const fields: ComputedField[] = [
      { name: 'b', formula: '{a} * 2', valueType: 'number' },
      { name: 'a', formula: '{x} + 1', valueType: 'number' },
    ];
    expect(evaluateComputedFields(fields, { x: 1, a: 100, b: 100 }).values).toEqual({ a: 2, b: 4 });
  });

  it('marks every field of a cycle, including a self-reference, and says which fields are involved', () => {
    const fields: ComputedField[] = [
      { name: 'a', formula: '{c} + 1', valueType: 'number' },
      { name: 'b', formula: '{a} + 1', valueType: 'number' },
      { name: 'c', formula: '{b} + 1', valueType: 'number' },
      { name: 'self', formula: '1 + {self}', valueType: 'number' },
      { name: 'ok', formula: '{x} * 2', valueType: 'number' },
    ];
    const { values, errors } = evaluateComputedFields(fields, { x: 4 });
    expect(values).toEqual({ a: null, b: null, c: null, self: null, ok: 8 });
    expect(Object.keys(errors).sort()).toEqual(['a', 'b', 'c', 'self']);
    expect(errors.a).toMatchObject({ code: 'circularReference', start: 0, end: 3, params: { name: 'a' } });
    expect(errors.a?.params.fields).toMatch(/^[abc], [abc], [abc]$/);
    expect(errors.self).toMatchObject({
      code: 'circularReference',
      start: 4,
      end: 10,
      params: { fields: 'self' },
    });
  });

  it('a field that depends on a cycle gets an error pointing at its own reference', () => {
    const fields: ComputedField[] = [
      { name: 'x', formula: '{y}', valueType: 'number' },
      { name: 'y', formula: '{x}', valueType: 'number' },
      { name: 'after', formula: '10 + {x}', valueType: 'number' },
      { name: 'guarded', formula: 'IFERROR({x}, -1)', valueType: 'number' },
    ];
    const { values, errors } = evaluateComputedFields(fields, {});
    expect(errors.after).toMatchObject({
      code: 'circularReference',
      start: 5,
      end: 8,
      params: { name: 'x' },
    });
    expect(errors.after?.message).toBe('{x} is part of a circular reference at position 5');
    expect(values.guarded).toBe(-1);
  });

  it('a field between two cycles depends on one, and is not itself circular', () => {
    const fields: ComputedField[] = [
      { name: 'a1', formula: '{a2} + {mid}', valueType: 'number' },
      { name: 'a2', formula: '{a1}', valueType: 'number' },
      { name: 'mid', formula: '{b1}', valueType: 'number' },
      { name: 'b1', formula: '{b2}', valueType: 'number' },
      { name: 'b2', formula: '{b1}', valueType: 'number' },
    ];
    const { errors } = evaluateComputedFields(fields, {});
    expect(errors.mid?.message).toBe('{b1} is part of a circular reference at position 0');
    expect(errors.a1?.message).toMatch(
      /^Circular reference between a1, a2|^Circular reference between a2, a1/,
    );
  });

  it('an error in one field flows to the fields that use it, at their reference', () => {
    const fields: ComputedField[] = [
      { name: 'ratio', formula: '{a} / {b}', valueType: 'number' },
      { name: 'percent', formula: 'ROUND({ratio} * 100, 1)', valueType: 'number' },
      { name: 'safe', formula: 'IFERROR({ratio}, 0)', valueType: 'number' },
    ];
    const { values, errors } = evaluateComputedFields(fields, { a: 1, b: 0 });
    expect(errors.ratio).toMatchObject({ code: 'divisionByZero', start: 0, end: 9 });
    expect(errors.percent).toMatchObject({
      code: 'divisionByZero',
      start: 6,
      end: 13,
      params: { name: 'ratio' },
    });
    expect(errors.percent?.message).toBe(
      '{ratio} has an error: Division by zero (#DIV/0!) at position 0 at position 6',
    );
    expect(values).toEqual({ ratio: null, percent: null, safe: 0 });
  });

  it('syntax errors and result type errors are per field; blank formulas are simply null', () => {
    const fields: ComputedField[] = [
      { name: 'broken', formula: '1 +', valueType: 'number' },
      { name: 'wrong', formula: '"abc"', valueType: 'number' },
      { name: 'empty', formula: '  ', valueType: 'number' },
      { name: 'uses', formula: '{broken} & {empty}', valueType: 'text' },
    ];
    const { values, errors } = evaluateComputedFields(fields, {});
    expect(errors.broken?.code).toBe('unexpectedEnd');
    expect(errors.wrong?.code).toBe('resultType');
    expect(errors.empty).toBeUndefined();
    expect(errors.uses?.code).toBe('unexpectedEnd');
    expect(values.empty).toBeNull();
  });

  it('handles a long chain without recursion limits, in order', () => {
    const count = 5000;
    const fields: ComputedField[] = [];
    for (let i = count - 1; i >= 1; i -= 1)
      fields.push({ name: `f${i}`, formula: `{f${i - 1}} + 1`, valueType: 'number' });
    fields.push({ name: 'f0', formula: '{seed}', valueType: 'number' });
    const { values, errors } = evaluateComputedFields(fields, { seed: 1 });
    expect(errors).toEqual({});
    expect(values[`f${count - 1}`]).toBe(count);
  });

  it('a long cycle is detected without recursion too', () => {
    const count = 5000;
    const fields: ComputedField[] = Array.from({ length: count }, (_, i) => ({
      name: `c${i}`,
      formula: `{c${(i + 1) % count}}`,
      valueType: 'number' as const,
    }));
    const { errors } = evaluateComputedFields(fields, {});
    expect(Object.keys(errors)).toHaveLength(count);
    expect(errors.c0?.params.fields).toBe('c0, c1, c2, c3, c4, c5, c6, c7, c8, c9');
  });

  it('the first of duplicate field names wins; table column references never point at computed fields', () => {
    const fields: ComputedField[] = [
      { name: 'a', formula: '1', valueType: 'number' },
      { name: 'a', formula: '2', valueType: 'number' },
      { name: 'lines', formula: 'SUM({lines.x})', valueType: 'number' },
    ];
    expect(evaluateComputedFields(fields, { lines: [{ x: 2 }, { x: 3 }] }).values).toEqual({
      a: 1,
      lines: 5,
    });
  });

  it('field names like __proto__ become plain own properties of the result', () => {
    const fields: ComputedField[] = [
      { name: '__proto__', formula: '1 / 0', valueType: 'number' },
      { name: 'constructor', formula: '2', valueType: 'number' },
    ];
    const { values, errors } = evaluateComputedFields(fields, {});
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    expect(Object.hasOwn(values, '__proto__')).toBe(true);
    expect(Object.hasOwn(errors, '__proto__')).toBe(true);
    expect(values.constructor).toBe(2);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });
});
