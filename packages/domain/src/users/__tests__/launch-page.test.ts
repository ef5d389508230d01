import { describe, expect, it } from 'vitest';
import { isLaunchPageType, launchPageTypeOf, rootRouteFor } from '../launch-page.ts';
import { flagsForKind } from '../user-kinds.ts';

describe('launchPageTypeOf', () => {
  it('reads the type of the preference object or a bare type', () => {
    expect(launchPageTypeOf({ type: 'apps' })).toBe('apps');
    expect(launchPageTypeOf('quickreport')).toBe('quickreport');
  });

  it('returns null for missing or unknown types', () => {
    expect(launchPageTypeOf(undefined)).toBeNull();
    expect(launchPageTypeOf(null)).toBeNull();
    expect(launchPageTypeOf({})).toBeNull();
    expect(launchPageTypeOf({ type: null })).toBeNull();
    expect(launchPageTypeOf({ type: 'Dashboard & Reports' })).toBeNull();
    expect(launchPageTypeOf('')).toBeNull();
  });

  it('isLaunchPageType is exact', () => {
    expect(isLaunchPageType('dashboard&reports')).toBe(true);
    expect(isLaunchPageType('dashboard')).toBe(false);
    expect(isLaunchPageType(3)).toBe(false);
  });
});

describe('rootRouteFor', () => {
  const fullUser = flagsForKind('FULL_USER');

  it('sends full users to the page their preference names', () => {
    expect(rootRouteFor(fullUser, { type: 'dashboard&reports' })).toBe('/dashboard');
    expect(rootRouteFor(fullUser, { type: 'quickreport' })).toBe('/inquiry');
    expect(rootRouteFor(fullUser, { type: 'apps' })).toBe('/applications');
    expect(rootRouteFor(fullUser, { type: 'home' })).toBe('/tasks');
  });

  it('honours the preference for administrators and system administrators', () => {
    expect(rootRouteFor(flagsForKind('ADMINISTRATOR'), { type: 'apps' })).toBe('/applications');
    expect(rootRouteFor(flagsForKind('SYSTEM_ADMINISTRATOR'), 'quickreport')).toBe('/inquiry');
  });

  it('ignores the preference for ordinary users and consultants', () => {
    expect(rootRouteFor(flagsForKind('USER'), { type: 'dashboard&reports' })).toBe('/tasks');
    expect(rootRouteFor(flagsForKind('CONSULTANT'), { type: 'apps' })).toBe('/tasks');
  });

  it('falls back to /tasks without a usable preference', () => {
    expect(rootRouteFor(fullUser, undefined)).toBe('/tasks');
    expect(rootRouteFor(fullUser, { type: 'reports' })).toBe('/tasks');
  });
});
