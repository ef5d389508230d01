import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRESET,
  describePreset,
  presetCron,
  presetOf,
  presetTime,
  withTime,
} from '../lib/cron-presets.ts';

// The presets write plain 5-field expressions and read them back; anything else stays custom.

describe('cron presets', () => {
  it('write the expression of each preset', () => {
    const base = { minute: 15, hour: 7, day: 28 };
    expect(presetCron({ ...base, kind: 'hourly' })).toBe('15 * * * *');
    expect(presetCron({ ...base, kind: 'daily' })).toBe('15 7 * * *');
    expect(presetCron({ ...base, kind: 'weekdays' })).toBe('15 7 * * 1-5');
    expect(presetCron({ ...base, kind: 'monthly' })).toBe('15 7 28 * *');
    expect(presetCron({ ...base, kind: 'custom' })).toBeNull();
  });

  it('read an expression back as its preset, extra spaces and all', () => {
    expect(presetOf('0 9 * * 1-5')).toEqual({ kind: 'weekdays', minute: 0, hour: 9, day: 1 });
    expect(presetOf(' 30  22 * * * ')).toEqual({ kind: 'daily', minute: 30, hour: 22, day: 1 });
    expect(presetOf('5 * * * *', { ...DEFAULT_PRESET, hour: 14 })).toEqual({
      kind: 'hourly',
      minute: 5,
      hour: 14,
      day: 1,
    });
    expect(presetOf('0 6 15 * *').kind).toBe('monthly');
  });

  it('leave everything else custom: seconds, steps, lists, out-of-range values', () => {
    for (const cron of [
      '*/2 * * * * *',
      '*/5 * * * *',
      '0 9,17 * * *',
      '0 9 * * 1-6',
      '75 9 * * *',
      '0 9 32 * *',
    ]) {
      expect(presetOf(cron).kind, cron).toBe('custom');
    }
  });

  it('word a preset and take a time from the time input', () => {
    const preset = withTime(DEFAULT_PRESET, '07:05');
    expect(presetTime(preset)).toBe('07:05');
    expect(withTime(preset, 'not a time')).toBe(preset);
    expect(withTime(preset, '25:00')).toBe(preset);
    expect(describePreset({ ...preset, kind: 'monthly', day: 3 })).toEqual({
      key: 'presets.describe.monthly',
      values: { minute: '05', time: '07:05', day: 3 },
    });
    expect(describePreset({ ...preset, kind: 'custom' })).toBeNull();
  });
});
