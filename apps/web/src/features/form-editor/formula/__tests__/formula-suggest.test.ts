import { describe, expect, it } from 'vitest';
import { applySuggestion, highlightPieces, suggestionsFor, typingAt } from '../formula-suggest.ts';

const FUNCTIONS = [
  { name: 'SUM', signature: { params: [{ name: 'number' }] } },
  { name: 'SUBSTITUTE', signature: { params: [{ name: 'text' }, { name: 'old_text' }] } },
];

describe('formula suggestions', () => {
  it('knows what is being typed at the caret', () => {
    expect(typingAt('{am', 3)).toEqual({ kind: 'field', from: 0, prefix: 'am' });
    expect(typingAt('1 + SU', 6)).toEqual({ kind: 'function', from: 4, prefix: 'SU' });
    expect(typingAt('"SU', 3)).toBeNull();
    expect(typingAt('1E5', 3)).toBeNull();
    expect(typingAt('{a} + ', 6)).toBeNull();
  });

  it('suggests fields by prefix, then by contained text, and functions by prefix', () => {
    const fields = { amount: 'number', total_amount: 'number', title: 'text' } as const;
    expect(
      suggestionsFor({ kind: 'field', from: 0, prefix: 'am' }, fields, FUNCTIONS).map((s) => s.name),
    ).toEqual(['amount', 'total_amount']);
    expect(suggestionsFor({ kind: 'function', from: 0, prefix: 'su' }, fields, FUNCTIONS)).toEqual([
      { kind: 'function', name: 'SUM', detail: 'SUM(number)' },
      { kind: 'function', name: 'SUBSTITUTE', detail: 'SUBSTITUTE(text, old_text)' },
    ]);
    expect(suggestionsFor({ kind: 'function', from: 0, prefix: 'SUBSTITUTE' }, fields, FUNCTIONS)).toEqual(
      [],
    );
  });

  it('inserts a suggestion in place of what was typed', () => {
    const field = { kind: 'field' as const, name: 'amount', detail: 'number' };
    expect(applySuggestion('1 + {am}', 7, { kind: 'field', from: 4, prefix: 'am' }, field)).toEqual({
      value: '1 + {amount}',
      caret: 12,
    });
    const fn = { kind: 'function' as const, name: 'SUM', detail: '' };
    expect(applySuggestion('su', 2, { kind: 'function', from: 0, prefix: 'su' }, fn)).toEqual({
      value: 'SUM(',
      caret: 4,
    });
    expect(applySuggestion('su({a})', 2, { kind: 'function', from: 0, prefix: 'su' }, fn)).toEqual({
      value: 'SUM({a})',
      caret: 4,
    });
  });

  it('cuts the text into marked and plain pieces, marking past the end with a blank', () => {
    expect(highlightPieces('1 + {x}', [{ start: 4, end: 7 }])).toEqual([
      { text: '1 + ', marked: false },
      { text: '{x}', marked: true },
    ]);
    expect(highlightPieces('1 +', [{ start: 3, end: 3 }])).toEqual([
      { text: '1 +', marked: false },
      { text: '\u00a0', marked: true },
    ]);
    expect(
      highlightPieces('abcdef', [
        { start: 1, end: 3 },
        { start: 2, end: 4 },
      ]),
    ).toEqual([
      { text: 'a', marked: false },
      { text: 'bcd', marked: true },
      { text: 'ef', marked: false },
    ]);
  });
});
