// Logical functions. IF, IFS, IFERROR, AND and OR are lazy: they evaluate only the arguments they
// need, so IF(FALSE, 1/0, 2) is 2 and AND(FALSE, 1/0) is FALSE.
import { XOR } from '@formulajs/formulajs';
import { FormulaError, formulaError } from '../errors.ts';
import { isBlank, isList, toBoolean, type Value } from '../values.ts';
import { callFormulajs } from './coerce.ts';
import { define, unify, type CallContext, type FunctionDefinition } from './types.ts';

function condition(value: Value, call: CallContext, index: number): boolean | FormulaError {
  return toBoolean(value, call.argSpans[index] ?? call.span);
}

export const LOGICAL_FUNCTIONS: FunctionDefinition[] = [
  define(
    'IF',
    ['condition:boolean', 'value_if_true:any', 'value_if_false:any?'],
    'any',
    'Returns one value if a condition is TRUE and another if it is FALSE.',
    {
      min: 2,
      lazy: (args, call) => {
        const test = condition((args[0] as () => Value)(), call, 0);
        if (test instanceof FormulaError) return test;
        const branch = test ? args[1] : args[2];
        return branch ? branch() : false;
      },
      infer: (types) => unify(types.length >= 3 ? types.slice(1) : [types[1] ?? 'any', 'boolean']),
    },
  ),
  define(
    'IFS',
    ['condition:boolean', 'value:any'],
    'any',
    'Returns the value paired with the first TRUE condition.',
    {
      max: 254,
      repeat: 2,
      lazy: (args, call) => {
        for (let i = 0; i + 1 < args.length; i += 2) {
          const test = condition((args[i] as () => Value)(), call, i);
          if (test instanceof FormulaError) return test;
          if (test) return (args[i + 1] as () => Value)();
        }
        return formulaError('invalidValue', 'IFS: no condition was TRUE (#N/A)', call.span, {
          error: '#N/A',
          name: 'IFS',
        });
      },
      infer: (types) => unify(types.filter((_, i) => i % 2 === 1)),
    },
  ),
  define(
    'IFERROR',
    ['value:any', 'value_if_error:any'],
    'any',
    'Returns the value, or the fallback when the value is an error.',
    {
      lazy: (args) => {
        const value = (args[0] as () => Value)();
        return value instanceof FormulaError ? (args[1] as () => Value)() : value;
      },
      infer: (types) => unify(types),
    },
  ),
  define('ISERROR', ['value:any'], 'boolean', 'Returns TRUE if the value is an error.', {
    lazy: (args) => (args[0] as () => Value)() instanceof FormulaError,
  }),
  define('AND', ['logical:boolean'], 'boolean', 'Returns TRUE if all of its arguments are TRUE.', {
    min: 1,
    max: 255,
    repeat: 1,
    lazy: (args, call) => {
      for (let i = 0; i < args.length; i += 1) {
        const test = condition((args[i] as () => Value)(), call, i);
        if (test !== true) return test;
      }
      return true;
    },
  }),
  define('OR', ['logical:boolean'], 'boolean', 'Returns TRUE if any argument is TRUE.', {
    min: 1,
    max: 255,
    repeat: 1,
    lazy: (args, call) => {
      for (let i = 0; i < args.length; i += 1) {
        const test = condition((args[i] as () => Value)(), call, i);
        if (test !== false) return test;
      }
      return false;
    },
  }),
  define('NOT', ['logical:boolean'], 'boolean', 'Reverses TRUE and FALSE.', {
    run: ([value]) => !value,
  }),
  define('XOR', ['logical:boolean'], 'boolean', 'Returns TRUE if an odd number of arguments are TRUE.', {
    min: 1,
    max: 255,
    repeat: 1,
    run: (args, call) => callFormulajs('XOR', call.span, () => XOR(...args)),
  }),
  define(
    'ISBLANK',
    ['value:any'],
    'boolean',
    'Returns TRUE if the value is empty (no value or empty text).',
    {
      run: ([value]) =>
        isBlank(value as Value) || (isList(value as Value) && (value as Value[]).length === 0),
    },
  ),
];
