import { describe, expect, it } from 'vitest';
import { formatSequenceNumber, sequenceStep } from '../sequence.ts';

// 23:30 on 4 March UTC: a local-time reading east of UTC would say 5 March.
const NOW = new Date('2026-03-04T23:30:00.000Z');

describe('formatSequenceNumber', () => {
  it('pads the counter to the run of zeros and fills date tokens in UTC', () => {
    expect(formatSequenceNumber('INV-{YYYY}-{MM}-{0000}', 7, NOW)).toBe('INV-2026-03-0007');
    expect(formatSequenceNumber('{YY}{M}{D}/{DD}-{00}', 3, NOW)).toBe('2634/04-03');
  });

  it('never cuts a counter longer than its format', () => {
    expect(formatSequenceNumber('{000}', 12345, NOW)).toBe('12345');
  });

  it('keeps other text and unknown tokens as written; an empty format is the default', () => {
    expect(formatSequenceNumber('{X}-{00}', 1, NOW)).toBe('{X}-01');
    expect(formatSequenceNumber('', 5, NOW)).toBe('0005');
  });
});

describe('sequenceStep', () => {
  it('is a positive whole number, 1 otherwise', () => {
    expect(sequenceStep(5)).toBe(5);
    expect(sequenceStep(0)).toBe(1);
    expect(sequenceStep(undefined)).toBe(1);
    expect(sequenceStep(1.5)).toBe(1);
  });
});
