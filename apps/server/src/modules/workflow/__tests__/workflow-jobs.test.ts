import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from '../workflow-jobs.ts';

describe('fillPlaceholders', () => {
  const data = { title: '<b>Tea & "cake"</b>', amount: 42, nested: { a: 1 }, empty: null };

  it('fills known fields and leaves unknown placeholders as written', () => {
    expect(fillPlaceholders('{title} costs {amount} {unknown}', data)).toBe(
      '<b>Tea & "cake"</b> costs 42 {unknown}',
    );
    expect(fillPlaceholders('{nested}|{empty}', data)).toBe('{"a":1}|');
  });

  it('escapes values for HTML, so a value never adds markup', () => {
    expect(fillPlaceholders('<p>{title}</p>', data, 'html')).toBe(
      '<p>&lt;b&gt;Tea &amp; &quot;cake&quot;&lt;/b&gt;</p>',
    );
  });

  it('percent-encodes values in addresses, so a value never adds query parameters', () => {
    expect(fillPlaceholders('https://x.test/a?t={title}&n={amount}', data, 'url')).toBe(
      'https://x.test/a?t=%3Cb%3ETea%20%26%20%22cake%22%3C%2Fb%3E&n=42',
    );
  });
});
