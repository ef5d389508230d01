import { describe, expect, it } from 'vitest';
import {
  createField,
  type FieldType,
  type FormField,
  type ModuleDefinition,
  type PayloadField,
} from '@formloop/domain';
import { AppError } from '../../../platform/http/errors.ts';
import { checkMappingFields, converterFor, resolveColumns, rowValues } from '../import-mapping.ts';

// How CSV cells become field values, and which mappings are refused before a file is read.

function placed(type: FieldType, name: string, extra: Partial<FormField> = {}): PayloadField {
  return {
    ...createField(type, `f-${name}`, name),
    ...extra,
    displayName: name,
    label: name,
    editorType: type,
    rowIndex: 0,
    columnIndex: 0,
    isTable: false,
  };
}

const definition: ModuleDefinition = {
  defaultConfig: {},
  permission: [],
  fieldGroups: [
    {
      displayName: 'Main',
      sectionIndex: 0,
      name: 'main',
      orderIndex: 0,
      isTable: false,
      minimumRowCount: 0,
      maximumRowCount: 0,
      fields: [
        placed('text', 'title'),
        placed('number', 'amount'),
        placed('number', 'rate', { format: 'Percentage' }),
        placed('checklist', 'tags', { listToUse: 'list-1' }),
        placed('file', 'scan'),
      ],
    },
    {
      displayName: 'Lines',
      sectionIndex: 1,
      name: 'lines',
      orderIndex: 1,
      isTable: true,
      minimumRowCount: 0,
      maximumRowCount: 0,
      fields: [placed('text', 'item')],
    },
  ],
};

const field = (name: string) =>
  definition.fieldGroups.flatMap((group) => group.fields).find((candidate) => candidate.name === name)!;

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    return (error as AppError).message;
  }
  throw new Error('not refused');
};

describe('converterFor', () => {
  it('reads numbers in either separator style and leaves non-numbers for the value rules', () => {
    const amount = converterFor(field('amount'));
    expect(amount('1.234,56')).toBe(1234.56);
    expect(amount('1,234.56')).toBe(1234.56);
    expect(amount(' 2.500.000 ')).toBe(2500000);
    expect(amount('12,5')).toBe(12.5);
    expect(amount('abc')).toBe('abc');
  });

  it('reads a percentage with % as shown and without it as stored', () => {
    const rate = converterFor(field('rate'));
    expect(rate('15%')).toBe(0.15);
    expect(rate('12,5 %')).toBe(0.125);
    expect(rate('0.15')).toBe(0.15);
  });

  it('splits list cells on ; or , and reads JSON arrays', () => {
    const tags = converterFor(field('tags'));
    expect(tags('red; green, blue ;')).toEqual(['red', 'green, blue']);
    expect(tags('red, green')).toEqual(['red', 'green']);
    expect(tags('["a,b","c"]')).toEqual(['a,b', 'c']);
    expect(tags('[not json')).toEqual(['[not json']);
  });
});

describe('mapping checks', () => {
  it('refuses unknown, unimportable and doubly mapped fields, and an empty mapping', () => {
    expect(refusal(() => checkMappingFields(definition, {}))).toBe('Map at least one column to a field.');
    expect(refusal(() => checkMappingFields(definition, { A: '  ' }))).toBe(
      'Map at least one column to a field.',
    );
    expect(refusal(() => checkMappingFields(definition, { A: 'nope' }))).toBe(
      'The app has no field named nope.',
    );
    expect(refusal(() => checkMappingFields(definition, { A: 'scan' }))).toBe(
      'The field scan cannot be filled from a CSV file.',
    );
    expect(refusal(() => checkMappingFields(definition, { A: 'item' }))).toBe(
      'The field item cannot be filled from a CSV file.',
    );
    expect(refusal(() => checkMappingFields(definition, { A: 'title', B: 'title' }))).toBe(
      'The field title is mapped from more than one column.',
    );
  });

  it('finds mapped columns in the header (trimmed) and refuses a missing one', () => {
    const fields = checkMappingFields(definition, { Title: 'title', ' Amount ': 'amount' });
    const targets = resolveColumns(['Amount', ' Title', 'Other'], fields);
    expect(targets.map(({ index, name }) => ({ index, name }))).toEqual([
      { index: 1, name: 'title' },
      { index: 0, name: 'amount' },
    ]);
    expect(rowValues(['1,5', 'Pen', 'x'], targets)).toEqual({ title: 'Pen', amount: 1.5 });
    expect(rowValues(['', '  '], targets)).toEqual({});
    expect(refusal(() => resolveColumns(['Title'], fields))).toBe('The file has no column named Amount.');
  });
});
