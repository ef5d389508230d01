const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A size in the reader's language ('1.5 MB', '1,5 Mo'), in the largest unit that keeps it ≥ 1. */
export function formatFileSize(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  try {
    // Intl spells bytes out ('200 byte'); B is what file sizes are read in everywhere.
    if (unit === 0) return `${new Intl.NumberFormat(language).format(Math.round(value))} B`;
    return new Intl.NumberFormat(language, {
      style: 'unit',
      unit: UNITS[unit],
      unitDisplay: 'short',
      maximumFractionDigits: unit === 0 ? 0 : 1,
    }).format(value);
  } catch {
    // A runtime without unit formatting: plain numbers with the English abbreviations.
    return `${Math.round(value * 10) / 10} ${['B', 'KB', 'MB', 'GB'][unit]}`;
  }
}
