// Number format codes for TEXT: 0 # ? placeholders, grouping and scaling commas, %, E+/E-.
import { ROUND } from '@formulajs/formulajs';
import type { FormatToken } from './text-format.ts';
import { numberToText } from './values.ts';

const PLACEHOLDERS = new Set(['0', '#', '?']);

interface Layout {
  intCount: number;
  decCount: number;
  grouping: boolean;
  scaleCommas: Set<number>;
  percent: number;
  exponentAt: number;
  pointAt: number;
}

function layoutOf(tokens: readonly FormatToken[]): Layout {
  const layout: Layout = {
    intCount: 0,
    decCount: 0,
    grouping: false,
    scaleCommas: new Set(),
    percent: 0,
    exponentAt: -1,
    pointAt: -1,
  };
  tokens.forEach((t, i) => {
    if (t.kind !== 'code') return;
    if (t.text === '%') layout.percent += 1;
    else if (
      (t.text === 'E' || t.text === 'e') &&
      (tokens[i + 1]?.text === '+' || tokens[i + 1]?.text === '-')
    ) {
      if (layout.exponentAt < 0) layout.exponentAt = i;
    } else if (t.text === '.' && layout.pointAt < 0 && layout.exponentAt < 0) layout.pointAt = i;
    else if (PLACEHOLDERS.has(t.text) && layout.exponentAt < 0) {
      if (layout.pointAt < 0) layout.intCount += 1;
      else layout.decCount += 1;
    }
  });
  const intEnd = [layout.pointAt, layout.exponentAt, tokens.length].filter((x) => x >= 0)[0] as number;
  // A comma after the last digit placeholder scales by 1000 ("0.0,," shows millions); one between
  // integer placeholders groups thousands; other commas are ignored.
  // Last placeholder positions found once, so a format of thousands of commas stays linear.
  const digitsEnd = layout.exponentAt >= 0 ? layout.exponentAt : tokens.length;
  let lastDigit = -1;
  let lastIntDigit = -1;
  for (let i = 0; i < digitsEnd; i += 1) {
    const t = tokens[i] as FormatToken;
    if (t.kind !== 'code' || !PLACEHOLDERS.has(t.text)) continue;
    lastDigit = i;
    if (i < intEnd) lastIntDigit = i;
  }
  let seenPlaceholder = false;
  for (let i = 0; i < digitsEnd; i += 1) {
    const t = tokens[i] as FormatToken;
    if (t.kind !== 'code') continue;
    if (PLACEHOLDERS.has(t.text)) seenPlaceholder = true;
    else if (t.text === ',' && seenPlaceholder) {
      if (i > lastDigit) layout.scaleCommas.add(i);
      else if (i < lastIntDigit) layout.grouping = true;
    }
  }
  return layout;
}

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function fillInteger(
  tokens: readonly FormatToken[],
  end: number,
  digits: string,
  layout: Layout,
): Map<number, string> {
  const out = new Map<number, string>();
  const positions: number[] = [];
  for (let i = 0; i < end; i += 1) {
    const t = tokens[i] as FormatToken;
    if (t.kind === 'code' && PLACEHOLDERS.has(t.text)) positions.push(i);
  }
  if (layout.grouping) {
    const zeros = positions.filter((p) => tokens[p]?.text === '0').length;
    const block = group(digits.padStart(zeros, '0'));
    positions.forEach((p, k) => out.set(p, k === 0 ? block : ''));
    return out;
  }
  let remaining = digits;
  for (let k = positions.length - 1; k >= 0; k -= 1) {
    const p = positions[k] as number;
    const code = tokens[p]?.text;
    let text: string;
    if (k === 0) text = remaining;
    else text = remaining.slice(-1);
    remaining = k === 0 ? '' : remaining.slice(0, -1);
    if (text === '') text = code === '0' ? '0' : code === '?' ? ' ' : '';
    out.set(p, text);
  }
  return out;
}

export function formatNumberSection(value: number, tokens: readonly FormatToken[]): string {
  const layout = layoutOf(tokens);
  let v = (Math.abs(value) * 100 ** layout.percent) / 1000 ** layout.scaleCommas.size;
  let exponent = 0;
  if (layout.exponentAt >= 0 && v !== 0) {
    exponent = Math.floor(Math.log10(v)) - (Math.max(1, layout.intCount) - 1);
    v /= 10 ** exponent;
  }
  const decimals = Math.min(layout.decCount, 30);
  let rounded = Number(ROUND(v, decimals));
  if (layout.exponentAt >= 0 && rounded >= 10 ** Math.max(1, layout.intCount)) {
    exponent += 1;
    rounded = Number(ROUND(v / 10, decimals));
  }
  if (!Number.isFinite(rounded) || rounded >= 1e21) return numberToText(value);
  const [intText = '0', fracText = ''] = rounded.toFixed(decimals).split('.');
  const hasZeroInt = tokens.some(
    (t, i) =>
      t.text === '0' &&
      t.kind === 'code' &&
      (layout.pointAt < 0 || i < layout.pointAt) &&
      (layout.exponentAt < 0 || i < layout.exponentAt),
  );
  const digits = intText === '0' && !hasZeroInt ? '' : intText;
  const intEnd = [layout.pointAt, layout.exponentAt, tokens.length].filter((x) => x >= 0)[0] as number;
  const intFill = fillInteger(tokens, intEnd, digits, layout);
  let frac = fracText;
  // Trailing zeros under # placeholders disappear; under ? they become spaces.
  const decCodes = tokens
    .filter(
      (t, i) =>
        t.kind === 'code' &&
        PLACEHOLDERS.has(t.text) &&
        i > layout.pointAt &&
        layout.pointAt >= 0 &&
        (layout.exponentAt < 0 || i < layout.exponentAt),
    )
    .map((t) => t.text);
  for (let k = decCodes.length - 1; k >= 0 && frac[k] === '0' && decCodes[k] !== '0'; k -= 1) {
    frac = frac.slice(0, k) + (decCodes[k] === '?' ? ' ' : '') + frac.slice(k + 1);
  }
  let out = '';
  let decIndex = 0;
  let expDigits = String(Math.abs(exponent));
  tokens.forEach((t, i) => {
    if (t.kind === 'literal') {
      out += t.text;
      return;
    }
    if (t.text === ',') return;
    if (intFill.has(i)) {
      out += intFill.get(i);
    } else if (i === layout.pointAt) {
      out += '.';
    } else if (i === layout.exponentAt) {
      const sign = tokens[i + 1]?.text === '+' ? (exponent < 0 ? '-' : '+') : exponent < 0 ? '-' : '';
      const width = tokens.slice(i + 2).filter((u) => u.kind === 'code' && PLACEHOLDERS.has(u.text)).length;
      expDigits = expDigits.padStart(width, '0');
      out += `E${sign}${expDigits}`;
    } else if (
      layout.exponentAt >= 0 &&
      i > layout.exponentAt &&
      (PLACEHOLDERS.has(t.text) || i === layout.exponentAt + 1)
    ) {
      return;
    } else if (PLACEHOLDERS.has(t.text) && layout.pointAt >= 0 && i > layout.pointAt) {
      out += frac[decIndex] ?? '';
      decIndex += 1;
    } else {
      out += t.text;
    }
  });
  return value < 0 && rounded !== 0 ? `-${out}` : out;
}
