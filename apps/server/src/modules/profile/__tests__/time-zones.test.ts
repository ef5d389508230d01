import { describe, expect, it } from 'vitest';
import { acceptTimeZone, formatOffset, offsetMinutes, timeZoneList } from '../time-zones.ts';
import { normaliseAnswer } from '../security-questions.service.ts';

describe('time zones', () => {
  it('reads offsets with daylight saving time', () => {
    expect(offsetMinutes('UTC', new Date('2024-01-15T12:00:00Z'))).toBe(0);
    expect(offsetMinutes('Europe/Berlin', new Date('2024-01-15T12:00:00Z'))).toBe(60);
    expect(offsetMinutes('Europe/Berlin', new Date('2024-07-15T12:00:00Z'))).toBe(120);
    expect(offsetMinutes('America/St_Johns', new Date('2024-01-15T12:00:00Z'))).toBe(-210);
  });

  it('formats offsets as UTC±hh:mm', () => {
    expect(formatOffset(0)).toBe('UTC+00:00');
    expect(formatOffset(330)).toBe('UTC+05:30');
    expect(formatOffset(-210)).toBe('UTC-03:30');
  });

  it('accepts listed zones, UTC and aliases; maps GMT Standard Time to UTC; refuses the rest', () => {
    expect(acceptTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(acceptTimeZone('UTC')).toBe('UTC');
    expect(acceptTimeZone('GMT Standard Time')).toBe('UTC');
    const listed = new Set(timeZoneList().map((zone) => zone.id));
    expect(listed.has(acceptTimeZone('Asia/Kolkata') ?? '')).toBe(true);
    for (const bad of ['Mars/Olympus', '', 'Europe/Berlin; DROP', '+05:30']) {
      expect(acceptTimeZone(bad)).toBe(bad === '' ? 'UTC' : null);
    }
  });

  it('lists every zone once, west to east, labelled with its offset', () => {
    const list = timeZoneList(new Date('2024-01-15T12:00:00Z'));
    expect(new Set(list.map((zone) => zone.id)).size).toBe(list.length);
    expect(list[0]!.offsetMinutes).toBeLessThanOrEqual(list.at(-1)!.offsetMinutes);
    expect(list.find((zone) => zone.id === 'Europe/Berlin')?.label).toBe('(UTC+01:00) Europe/Berlin');
  });
});

describe('security answers', () => {
  it('compare the way people remember them', () => {
    expect(normaliseAnswer('  St   Mary ')).toBe(normaliseAnswer('st mary'));
    expect(normaliseAnswer('ＲＥＸ')).toBe('rex');
  });
});
