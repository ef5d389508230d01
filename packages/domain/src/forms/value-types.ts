/**
 * What a field's value is, as formulas and checks see it. Dates travel as ISO strings
 * ('YYYY-MM-DD'), date-times as ISO instants, times as 'HH:mm:ss'; 'list' is the values of a table
 * column or a multi-select; 'any' is a value whose type only the data tells (pull-data, lookups).
 */
export const FIELD_VALUE_TYPES = [
  'text',
  'number',
  'boolean',
  'date',
  'datetime',
  'time',
  'list',
  'any',
] as const;
export type FieldValueType = (typeof FIELD_VALUE_TYPES)[number];
