// The editor's cron presets (every hour, every day at…, every weekday at…, every month on…): each
// writes a plain 5-field expression, and an expression of one of those shapes is read back as its
// preset, so the picker and the text field always agree. Anything else is 'custom'.

export const PRESET_KINDS = ['hourly', 'daily', 'weekdays', 'monthly', 'custom'] as const;
export type PresetKind = (typeof PRESET_KINDS)[number];

export interface Preset {
  kind: PresetKind;
  /** 0-59. */
  minute: number;
  /** 0-23 (not used by hourly). */
  hour: number;
  /** 1-31 (monthly only). */
  day: number;
}

export const DEFAULT_PRESET: Preset = { kind: 'daily', minute: 0, hour: 9, day: 1 };

const NUMBER = '([0-9]{1,2})';
const SHAPES: Array<{ kind: Exclude<PresetKind, 'custom'>; pattern: RegExp }> = [
  { kind: 'hourly', pattern: new RegExp(`^${NUMBER} \\* \\* \\* \\*$`) },
  { kind: 'daily', pattern: new RegExp(`^${NUMBER} ${NUMBER} \\* \\* \\*$`) },
  { kind: 'weekdays', pattern: new RegExp(`^${NUMBER} ${NUMBER} \\* \\* 1-5$`) },
  { kind: 'monthly', pattern: new RegExp(`^${NUMBER} ${NUMBER} ${NUMBER} \\* \\*$`) },
];

const within = (value: number, min: number, max: number) => value >= min && value <= max;

/** The expression a preset stands for; null for custom (the text field holds it). */
export function presetCron(preset: Preset): string | null {
  const { minute, hour, day } = preset;
  switch (preset.kind) {
    case 'hourly':
      return `${minute} * * * *`;
    case 'daily':
      return `${minute} ${hour} * * *`;
    case 'weekdays':
      return `${minute} ${hour} * * 1-5`;
    case 'monthly':
      return `${minute} ${hour} ${day} * *`;
    default:
      return null;
  }
}

/** The preset an expression is, or custom (with `fallback`'s times kept for switching back). */
export function presetOf(cron: string, fallback: Preset = DEFAULT_PRESET): Preset {
  const text = cron.trim().replace(/\s+/g, ' ');
  for (const { kind, pattern } of SHAPES) {
    const match = pattern.exec(text);
    if (!match) continue;
    const minute = Number(match[1]);
    const hour = kind === 'hourly' ? fallback.hour : Number(match[2]);
    const day = kind === 'monthly' ? Number(match[3]) : fallback.day;
    if (within(minute, 0, 59) && within(hour, 0, 23) && within(day, 1, 31)) {
      return { kind, minute, hour, day };
    }
  }
  return { ...fallback, kind: 'custom' };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'HH:mm' of a preset (the time input's value). */
export const presetTime = (preset: Preset) => `${pad(preset.hour)}:${pad(preset.minute)}`;

/** A preset with the time of an 'HH:mm' text; unchanged when the text is not a time. */
export function withTime(preset: Preset, time: string): Preset {
  const match = /^([0-9]{1,2}):([0-9]{2})/.exec(time);
  if (!match) return preset;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return within(hour, 0, 23) && within(minute, 0, 59) ? { ...preset, hour, minute } : preset;
}

/**
 * How the preset reads to people: a translation key under scheduler:presets.describe and its
 * values; null for custom expressions (the preview of the next runs says it instead).
 */
export function describePreset(
  preset: Preset,
): { key: string; values: Record<string, string | number> } | null {
  if (preset.kind === 'custom') return null;
  return {
    key: `presets.describe.${preset.kind}`,
    values: { minute: pad(preset.minute), time: presetTime(preset), day: preset.day },
  };
}
