// Sequence numbers (spec §3 sequence-number field): a format such as 'INV-{YYYY}-{0000}' names where
// the counter goes ({0000}: padded to the run of zeros, never cut) and which parts of the date
// ({YYYY} {YY} {MM} {M} {DD} {D}, in UTC so the server and every browser agree). Other text,
// unknown tokens included, is kept as written.

export const DEFAULT_SEQUENCE_FORMAT = '{0000}';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function dateToken(token: string, now: Date): string | null {
  switch (token) {
    case 'YYYY':
      return pad(now.getUTCFullYear(), 4);
    case 'YY':
      return pad(now.getUTCFullYear() % 100, 2);
    case 'MM':
      return pad(now.getUTCMonth() + 1, 2);
    case 'M':
      return String(now.getUTCMonth() + 1);
    case 'DD':
      return pad(now.getUTCDate(), 2);
    case 'D':
      return String(now.getUTCDate());
    default:
      return null;
  }
}

/** The n-th number of a sequence as its format writes it on `now`. */
export function formatSequenceNumber(format: string, n: number, now: Date): string {
  const text = format.trim() === '' ? DEFAULT_SEQUENCE_FORMAT : format;
  return text.replace(/\{([^{}]+)\}/g, (whole, token: string) => {
    if (/^0+$/.test(token)) return pad(n, token.length);
    return dateToken(token, now) ?? whole;
  });
}

/** The counter's step (stepSequence), at least 1. */
export const sequenceStep = (stepSequence: number | undefined): number =>
  typeof stepSequence === 'number' && Number.isInteger(stepSequence) && stepSequence > 0 ? stepSequence : 1;
