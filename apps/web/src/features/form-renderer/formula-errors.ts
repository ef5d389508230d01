// Formula diagnostics in the reader's language, by code and params (formRenderer:formula.errors.*).
// Params vary with where a problem was found, so each code picks the wording its params support.
import type { TFunction } from 'i18next';

export interface DiagnosticLike {
  code: string;
  params: Record<string, string | number>;
}

const TYPE_KEYS: Readonly<Record<string, string>> = {
  text: 'text',
  number: 'number',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  list: 'list',
  any: 'any',
  value: 'any',
  'number or list of numbers': 'numbers',
  'date or list of dates': 'dates',
  'a list': 'list',
  'a number': 'number',
  'a date': 'date',
  'a date-time': 'datetime',
  'a time': 'time',
  'TRUE/FALSE': 'boolean',
  'a record value': 'record',
};

/** A value type name (or the engine's description of a value) in the reader's language. */
export function translateValueType(t: TFunction, type: string | number | undefined): string {
  const key = TYPE_KEYS[String(type ?? '')];
  return key ? t(`formula.types.${key}`) : String(type ?? '');
}

const has = (params: DiagnosticLike['params'], name: string) =>
  params[name] !== undefined && params[name] !== '';

/** The message of one diagnostic, without its position. */
export function translateFormulaError(t: TFunction, diagnostic: DiagnosticLike): string {
  const p = diagnostic.params ?? {};
  const type = (name: string) => translateValueType(t, p[name]);
  switch (diagnostic.code) {
    case 'syntax':
      return has(p, 'token')
        ? t('formula.errors.syntaxToken', { token: p.token })
        : t('formula.errors.syntax');
    case 'unknownField':
      return has(p, 'column') && has(p, 'field')
        ? t('formula.errors.unknownColumn', { table: p.field, column: p.column })
        : t('formula.errors.unknownField', { name: p.name ?? '' });
    case 'unknownFunction':
      return t('formula.errors.unknownFunction', { name: p.name ?? '' });
    case 'argumentCount': {
      if (!has(p, 'name')) return t('formula.errors.argumentCountPlain');
      const max = p.max;
      const key =
        max === p.min
          ? 'argumentCountExact'
          : max === 'unbounded' || Number(max) >= 254
            ? 'argumentCountAtLeast'
            : 'argumentCount';
      return t(`formula.errors.${key}`, { name: p.name, min: p.min, max, count: p.count });
    }
    case 'typeMismatch':
      return has(p, 'name') && has(p, 'param')
        ? t('formula.errors.argumentType', {
            name: p.name,
            param: p.param,
            expected: type('expected'),
            actual: type('actual'),
          })
        : t('formula.errors.typeMismatch', {
            text: p.text ?? '',
            expected: type('expected'),
            actual: type('actual'),
          });
    case 'resultType':
      return t('formula.errors.resultType', { expected: type('expected'), actual: type('actual') });
    case 'invalidValue':
      return has(p, 'error')
        ? t('formula.errors.invalidValueCode', { error: p.error })
        : t('formula.errors.invalidValue');
    case 'circularReference':
      return has(p, 'fields')
        ? t('formula.errors.circularReference', { fields: p.fields })
        : t('formula.errors.circularReferencePlain');
    case 'tooLong':
      return has(p, 'max') ? t('formula.errors.tooLong', { max: p.max }) : t('formula.errors.tooLongPlain');
    case 'unexpectedEnd':
    case 'unterminatedString':
    case 'divisionByZero':
    case 'tooDeep':
      return t(`formula.errors.${diagnostic.code}`);
    default:
      return t('formula.errors.internal');
  }
}
