import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@formloop/domain';
import { AppError } from '../errors.ts';
import { findNul, refuseNul } from '../nul-guard.ts';

describe('findNul', () => {
  it('finds U+0000 in strings, nested values, array items and object keys, and names the path', () => {
    expect(findNul('a\u0000b')).toEqual([]);
    expect(findNul({ a: { b: ['x', 'y\u0000'] } })).toEqual(['a', 'b', 1]);
    expect(findNul({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findNul([{ ok: 'fine' }, { bad: 'x\u0000' }])).toEqual([1, 'bad']);
  });

  it('passes everything else: other control characters, numbers, null, buffers', () => {
    expect(findNul({ a: 'tab\tnewline\n', n: 0, z: null, t: true, list: [] })).toBeNull();
    expect(findNul(Buffer.from([0, 1, 2]))).toBeNull();
    expect(findNul(undefined)).toBeNull();
  });
});

describe('refuseNul', () => {
  it('throws the field error with the spec message', () => {
    const error = (() => {
      try {
        refuseNul({ csvColumn: 'name\u0000' }, 'mapping');
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 400,
      message: `mapping.csvColumn: ${MESSAGES.valueSpecialChars}`,
      errors: [{ field: 'mapping.csvColumn', message: MESSAGES.valueSpecialChars }],
    });
    expect(() => refuseNul('clean', 'file')).not.toThrow();
  });
});
