// The field catalogue of spec §3: every field type the form editor offers, the settings each one
// has, its defaults and the kind of value it holds. The editor, the item editor, formulas and the
// server all read this one table.
import { DEFAULT_FIELD_COLUMN_WIDTH, DEFAULT_FIELD_NAME } from '../constants.ts';
import type { FieldValueType } from './value-types.ts';

export const CALCULATION_FIELD_TYPES = [
  'calculation-text',
  'calculation-number',
  'calculation-currency',
  'calculation-date',
  'calculation-date-time',
  'calculation-email',
  'calculation-time',
  'calculation-switch',
  'calculation-user',
  'calculation-remote-lookup',
  'calculation-lookup',
  'calculation-element',
] as const;

/** Every field type of spec §3, in the spec's order. */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'date',
  'datetime',
  'time',
  'dropdown',
  'lookup',
  'remote-lookup',
  'image',
  'file',
  'multi-file',
  'signature',
  'email',
  'slider',
  'switch',
  'rating',
  'user',
  'checkbox',
  'checklist',
  'button',
  'pull-data',
  'richtext',
  'richtext-html',
  'sequence-number',
  'multi-select-user',
  'multi-select-reference',
  'multi-select-external',
  'input-external',
  'password',
  'barcode',
  'barcode-scanner',
  ...CALCULATION_FIELD_TYPES,
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export type CalculationFieldType = (typeof CALCULATION_FIELD_TYPES)[number];

export const isFieldType = (value: unknown): value is FieldType =>
  typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value);
export const isCalculationFieldType = (type: string): type is CalculationFieldType =>
  (CALCULATION_FIELD_TYPES as readonly string[]).includes(type);

/** Palette sections of the editor. */
export const FIELD_CATEGORIES = [
  'basic',
  'choice',
  'dateTime',
  'people',
  'media',
  'advanced',
  'calculation',
] as const;
export type FieldCategory = (typeof FIELD_CATEGORIES)[number];

/** Number display formats (spec: number format default 'None'). */
export const NUMBER_FORMATS = ['None', 'Thousands', 'Currency', 'Percentage'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

export const HTTP_REQUEST_TYPES = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const RESPONSE_FORMATS = ['json', 'xml', 'text'] as const;
export const SORT_TYPES = ['asc', 'desc'] as const;

/** Spec §3 lookup field settings. */
export interface LookupSettings {
  flowToLookUp: string;
  moduleId: string;
  filters: LookupFilter[];
  sortValuesBy: string;
  sortType: (typeof SORT_TYPES)[number];
  selectFieldsByThisProcess: string[];
  hideFields: string[];
  autoSelectFirstValueByFilters: boolean;
  isTable: boolean;
  tableName: string;
}

/** A lookup filter: a field of the looked-up app compared with a constant or a field of this form. */
export interface LookupFilter {
  field: string;
  operator: string;
  value: string;
  /** When true, value names a field of this form whose current value is used. */
  valueFromField: boolean;
}

export interface KeyValue {
  key: string;
  value: string;
}

/** Spec §3 external lookup and button settings (remote-lookup, input-external, multi-select-external, button). */
export interface ExternalSettings {
  url: string;
  requestType: (typeof HTTP_REQUEST_TYPES)[number];
  headers: KeyValue[];
  body: string;
  params: KeyValue[];
  responseFormat: (typeof RESPONSE_FORMATS)[number];
  responsePath: string;
  dataType: string;
  resultType: string;
  addGovHeaders: boolean;
}

/** Spec §3 extra button settings. */
export interface ButtonSettings {
  submitAllFields: boolean;
  showAsLink: boolean;
  renderType: 'text' | 'html' | 'table' | 'json';
  renderTarget: string;
  showInModal: boolean;
}

/**
 * One field as the editor keeps it and the draft stores it. The common settings of spec §3 are
 * always present; type settings only on the types that have them.
 */
export interface FormField {
  id: string;
  fieldType: FieldType;
  /** The label users see (spec: fieldName, default 'Untitled field'). */
  fieldName: string;
  /** The machine name: the key of the value in a record and of {name} in formulas. */
  name: string;
  required: boolean;
  helpText: string;
  value: unknown;
  isComputedField: boolean;
  formula: string;
  regex: string;
  columnWidth: number;
  placeholder?: string;
  disabled?: boolean;
  /** date: default to today; datetime/time: default to now. */
  today?: boolean;
  now?: boolean;
  decimalPlaces?: number;
  format?: NumberFormat;
  /** dropdown, checklist, multi-select-reference: the reference list's id. */
  listToUse?: string;
  minValue?: number;
  maxValue?: number;
  intervalSize?: number;
  maxRating?: number;
  multiUserSelected?: boolean;
  /** sequence-number: e.g. 'INV-{YYYY}-{0000}'. */
  sequenceFormat?: string;
  stepSequence?: number;
  lookup?: LookupSettings;
  external?: ExternalSettings;
  button?: ButtonSettings;
  /** Files: accepted extensions (e.g. '.pdf,.png') and size limit in MB. */
  accept?: string;
  maxSizeMb?: number;
}

/** The settings panel sections a type shows (besides the common ones every field has). */
export type FieldSetting =
  | 'placeholder'
  | 'regex'
  | 'defaultValue'
  | 'number'
  | 'today'
  | 'now'
  | 'listToUse'
  | 'lookup'
  | 'external'
  | 'button'
  | 'slider'
  | 'rating'
  | 'user'
  | 'sequence'
  | 'formula'
  | 'files';

export interface FieldTypeInfo {
  type: FieldType;
  category: FieldCategory;
  valueType: FieldValueType;
  settings: readonly FieldSetting[];
  /** Type defaults laid over the common defaults. */
  defaults: Partial<FormField>;
}

const EXTERNAL_DEFAULTS: ExternalSettings = {
  url: '',
  requestType: 'GET',
  headers: [],
  body: '',
  params: [],
  responseFormat: 'json',
  responsePath: '',
  dataType: 'string',
  resultType: 'single',
  addGovHeaders: false,
};

const LOOKUP_DEFAULTS: LookupSettings = {
  flowToLookUp: '',
  moduleId: '',
  filters: [],
  sortValuesBy: '',
  sortType: 'asc',
  selectFieldsByThisProcess: [],
  hideFields: [],
  autoSelectFirstValueByFilters: false,
  isTable: false,
  tableName: '',
};

const BUTTON_DEFAULTS: ButtonSettings = {
  submitAllFields: false,
  showAsLink: false,
  renderType: 'text',
  renderTarget: '',
  showInModal: false,
};

const info = (
  type: FieldType,
  category: FieldCategory,
  valueType: FieldValueType,
  settings: readonly FieldSetting[] = [],
  defaults: Partial<FormField> = {},
): FieldTypeInfo => ({ type, category, valueType, settings, defaults });

const TEXTUAL: readonly FieldSetting[] = ['placeholder', 'regex', 'defaultValue'];

/** The catalogue, one entry per type, in FIELD_TYPES order. */
export const FIELD_CATALOGUE: Readonly<Record<FieldType, FieldTypeInfo>> = {
  text: info('text', 'basic', 'text', TEXTUAL),
  textarea: info('textarea', 'basic', 'text', TEXTUAL),
  // No decimal places by default: a new Number field keeps whatever is typed (42.5 stays 42.5, in
  // every format); a builder who sets them gets a limit people are told about, never a rounding.
  number: info('number', 'basic', 'number', ['placeholder', 'defaultValue', 'number'], { format: 'None' }),
  date: info('date', 'dateTime', 'date', ['today'], { today: false }),
  datetime: info('datetime', 'dateTime', 'datetime', ['now'], { now: false }),
  time: info('time', 'dateTime', 'time', ['now'], { now: false }),
  dropdown: info('dropdown', 'choice', 'text', ['listToUse', 'defaultValue'], { listToUse: '' }),
  lookup: info('lookup', 'advanced', 'any', ['lookup'], { lookup: LOOKUP_DEFAULTS }),
  'remote-lookup': info('remote-lookup', 'advanced', 'any', ['external'], { external: EXTERNAL_DEFAULTS }),
  image: info('image', 'media', 'any', ['files'], { accept: '.png,.jpg,.jpeg,.gif,.webp', maxSizeMb: 10 }),
  file: info('file', 'media', 'any', ['files'], { accept: '', maxSizeMb: 25 }),
  'multi-file': info('multi-file', 'media', 'list', ['files'], { accept: '', maxSizeMb: 25 }),
  signature: info('signature', 'media', 'any'),
  email: info('email', 'basic', 'text', TEXTUAL),
  slider: info('slider', 'choice', 'number', ['slider', 'defaultValue'], {
    minValue: 0,
    maxValue: 100,
    intervalSize: 1,
  }),
  switch: info('switch', 'choice', 'boolean', ['defaultValue'], { value: false }),
  rating: info('rating', 'choice', 'number', ['rating'], { maxRating: 5 }),
  user: info('user', 'people', 'text', ['user'], { multiUserSelected: false }),
  checkbox: info('checkbox', 'choice', 'boolean', ['defaultValue'], { value: false }),
  checklist: info('checklist', 'choice', 'list', ['listToUse'], { listToUse: '' }),
  button: info('button', 'advanced', 'any', ['external', 'button'], {
    external: EXTERNAL_DEFAULTS,
    button: BUTTON_DEFAULTS,
  }),
  'pull-data': info('pull-data', 'advanced', 'any', ['lookup'], { lookup: LOOKUP_DEFAULTS }),
  richtext: info('richtext', 'basic', 'text', ['defaultValue']),
  'richtext-html': info('richtext-html', 'basic', 'text', ['defaultValue']),
  'sequence-number': info('sequence-number', 'advanced', 'text', ['sequence'], {
    sequenceFormat: '{0000}',
    stepSequence: 1,
  }),
  'multi-select-user': info('multi-select-user', 'people', 'list', ['user'], { multiUserSelected: true }),
  'multi-select-reference': info('multi-select-reference', 'choice', 'list', ['listToUse'], {
    listToUse: '',
  }),
  'multi-select-external': info('multi-select-external', 'advanced', 'list', ['external'], {
    external: EXTERNAL_DEFAULTS,
  }),
  'input-external': info('input-external', 'advanced', 'any', ['external'], { external: EXTERNAL_DEFAULTS }),
  password: info('password', 'basic', 'text', ['placeholder', 'regex']),
  barcode: info('barcode', 'media', 'text', ['defaultValue']),
  'barcode-scanner': info('barcode-scanner', 'media', 'text', []),
  'calculation-text': calc('calculation-text', 'text'),
  'calculation-number': calc('calculation-number', 'number', { decimalPlaces: 2, format: 'None' }),
  'calculation-currency': calc('calculation-currency', 'number', { decimalPlaces: 2, format: 'Currency' }),
  'calculation-date': calc('calculation-date', 'date'),
  'calculation-date-time': calc('calculation-date-time', 'datetime'),
  'calculation-email': calc('calculation-email', 'text'),
  'calculation-time': calc('calculation-time', 'time'),
  'calculation-switch': calc('calculation-switch', 'boolean'),
  'calculation-user': calc('calculation-user', 'text'),
  'calculation-remote-lookup': calc('calculation-remote-lookup', 'any', { external: EXTERNAL_DEFAULTS }, [
    'external',
  ]),
  'calculation-lookup': calc('calculation-lookup', 'any', { lookup: LOOKUP_DEFAULTS }, ['lookup']),
  'calculation-element': calc('calculation-element', 'any'),
};

function calc(
  type: CalculationFieldType,
  valueType: FieldValueType,
  defaults: Partial<FormField> = {},
  extra: readonly FieldSetting[] = [],
): FieldTypeInfo {
  const numeric = valueType === 'number' ? (['number'] as const) : [];
  return info(type, 'calculation', valueType, ['formula', ...numeric, ...extra], {
    isComputedField: true,
    ...defaults,
  });
}

/** The value kind of a field for formulas and checks. */
export const fieldValueType = (type: FieldType): FieldValueType => FIELD_CATALOGUE[type].valueType;

/**
 * A new field of a type with the spec's defaults: columnWidth 4, fieldName 'Untitled field', not
 * required, no help text, no formula. Nested settings are copied, never shared between fields.
 */
export function createField(type: FieldType, id: string, name: string): FormField {
  const typeDefaults = structuredClone(FIELD_CATALOGUE[type].defaults);
  return {
    id,
    fieldType: type,
    fieldName: DEFAULT_FIELD_NAME,
    name,
    required: false,
    helpText: '',
    value: null,
    isComputedField: false,
    formula: '',
    regex: '',
    columnWidth: DEFAULT_FIELD_COLUMN_WIDTH,
    ...typeDefaults,
  };
}
