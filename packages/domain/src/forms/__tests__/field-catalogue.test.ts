import { describe, expect, it } from 'vitest';
import {
  CALCULATION_FIELD_TYPES,
  FIELD_CATALOGUE,
  FIELD_TYPES,
  createField,
  fieldValueType,
  isCalculationFieldType,
  isFieldType,
} from '../field-catalogue.ts';

describe('field catalogue', () => {
  it('has every type of spec §3, once, with an entry each', () => {
    expect(FIELD_TYPES).toHaveLength(44);
    expect(new Set(FIELD_TYPES).size).toBe(FIELD_TYPES.length);
    for (const type of FIELD_TYPES) expect(FIELD_CATALOGUE[type].type).toBe(type);
    expect(Object.keys(FIELD_CATALOGUE).sort()).toEqual([...FIELD_TYPES].sort());
    expect(FIELD_TYPES).toContain('calculation-element');
    expect(FIELD_TYPES).toContain('remote-lookup');
    expect(isFieldType('remoteurl')).toBe(false);
  });

  it('gives every field the common defaults: width 4, "Untitled field", not required, no formula', () => {
    for (const type of FIELD_TYPES) {
      const field = createField(type, 'f1', 'field_1');
      expect(field).toMatchObject({
        id: 'f1',
        name: 'field_1',
        fieldType: type,
        fieldName: 'Untitled field',
        required: false,
        helpText: '',
        formula: '',
        regex: '',
        columnWidth: 4,
      });
      expect(field.isComputedField).toBe(isCalculationFieldType(type));
    }
  });

  it('applies the type defaults of spec §3', () => {
    expect(createField('number', 'a', 'a')).toMatchObject({ format: 'None' });
    // No decimal places by default: what people type is kept (issue 22 item 2).
    expect(createField('number', 'a', 'a').decimalPlaces).toBeUndefined();
    expect(createField('date', 'a', 'a').today).toBe(false);
    expect(createField('datetime', 'a', 'a').now).toBe(false);
    expect(createField('time', 'a', 'a').now).toBe(false);
    expect(createField('dropdown', 'a', 'a').listToUse).toBe('');
    expect(createField('slider', 'a', 'a')).toMatchObject({ minValue: 0, maxValue: 100, intervalSize: 1 });
    expect(createField('user', 'a', 'a').multiUserSelected).toBe(false);
    expect(createField('multi-select-user', 'a', 'a').multiUserSelected).toBe(true);
    expect(createField('sequence-number', 'a', 'a')).toMatchObject({
      sequenceFormat: '{0000}',
      stepSequence: 1,
    });
    expect(createField('lookup', 'a', 'a').lookup).toMatchObject({
      moduleId: '',
      sortType: 'asc',
      isTable: false,
    });
    expect(createField('remote-lookup', 'a', 'a').external).toMatchObject({
      requestType: 'GET',
      addGovHeaders: false,
    });
    expect(createField('button', 'a', 'a').button).toMatchObject({ showInModal: false, renderType: 'text' });
  });

  it('never shares nested settings between two fields', () => {
    const first = createField('lookup', 'a', 'a');
    const second = createField('lookup', 'b', 'b');
    first.lookup!.filters.push({ field: 'x', operator: 'eq', value: '1', valueFromField: false });
    expect(second.lookup!.filters).toEqual([]);
    expect(FIELD_CATALOGUE.lookup.defaults.lookup!.filters).toEqual([]);
  });

  it('types values for formulas', () => {
    expect(fieldValueType('number')).toBe('number');
    expect(fieldValueType('switch')).toBe('boolean');
    expect(fieldValueType('date')).toBe('date');
    expect(fieldValueType('multi-file')).toBe('list');
    expect(fieldValueType('calculation-currency')).toBe('number');
    for (const type of CALCULATION_FIELD_TYPES) expect(FIELD_CATALOGUE[type].settings).toContain('formula');
  });
});
