import { describe, expect, it } from 'vitest';
import {
  USER_KINDS,
  canUseBuilder,
  canUseIntegrations,
  canUseSettings,
  flagsForKind,
  isSystemAdminOnly,
  isUserKind,
  kindForFlags,
  launchPageApplies,
  type UserKind,
} from '../user-kinds.ts';

describe('USER_KINDS', () => {
  it('lists the five kinds from least to most privileged', () => {
    expect(USER_KINDS).toEqual(['USER', 'FULL_USER', 'CONSULTANT', 'ADMINISTRATOR', 'SYSTEM_ADMINISTRATOR']);
  });

  it('isUserKind accepts exactly those strings', () => {
    expect(isUserKind('CONSULTANT')).toBe(true);
    expect(isUserKind('consultant')).toBe(false);
    expect(isUserKind('')).toBe(false);
    expect(isUserKind(null)).toBe(false);
  });
});

describe('flagsForKind', () => {
  it('maps every kind to its flags', () => {
    expect(flagsForKind('SYSTEM_ADMINISTRATOR')).toEqual({
      isSysAdmin: true,
      isAdministrator: true,
      isConsultant: false,
      isFullUser: true,
    });
    expect(flagsForKind('ADMINISTRATOR')).toEqual({
      isSysAdmin: false,
      isAdministrator: true,
      isConsultant: false,
      isFullUser: true,
    });
    expect(flagsForKind('CONSULTANT')).toEqual({
      isSysAdmin: false,
      isAdministrator: false,
      isConsultant: true,
      isFullUser: false,
    });
    expect(flagsForKind('FULL_USER')).toEqual({
      isSysAdmin: false,
      isAdministrator: false,
      isConsultant: false,
      isFullUser: true,
    });
    expect(flagsForKind('USER')).toEqual({
      isSysAdmin: false,
      isAdministrator: false,
      isConsultant: false,
      isFullUser: false,
    });
  });

  it('returns a fresh object each time, so callers cannot corrupt the table', () => {
    const flags = flagsForKind('USER');
    flags.isSysAdmin = true;
    expect(flagsForKind('USER').isSysAdmin).toBe(false);
    expect(flagsForKind('USER')).not.toBe(flagsForKind('USER'));
  });

  it('fails closed for a value that is not a kind', () => {
    expect(flagsForKind('ROOT' as UserKind)).toEqual(flagsForKind('USER'));
    expect(flagsForKind('toString' as UserKind)).toEqual(flagsForKind('USER'));
  });

  it('round-trips through kindForFlags', () => {
    for (const kind of USER_KINDS) expect(kindForFlags(flagsForKind(kind))).toBe(kind);
  });
});

describe('kindForFlags', () => {
  it('picks the highest kind a flag implies for odd combinations', () => {
    expect(
      kindForFlags({ isSysAdmin: true, isAdministrator: false, isConsultant: false, isFullUser: false }),
    ).toBe('SYSTEM_ADMINISTRATOR');
    expect(
      kindForFlags({ isSysAdmin: false, isAdministrator: false, isConsultant: true, isFullUser: true }),
    ).toBe('CONSULTANT');
  });
});

describe('permission predicates (spec §6)', () => {
  const table: Record<
    UserKind,
    [builder: boolean, settings: boolean, integrations: boolean, sysOnly: boolean, launch: boolean]
  > = {
    USER: [false, false, false, false, false],
    FULL_USER: [true, false, false, false, true],
    CONSULTANT: [true, true, false, false, false],
    ADMINISTRATOR: [true, true, true, false, true],
    SYSTEM_ADMINISTRATOR: [true, true, true, true, true],
  };

  for (const kind of USER_KINDS) {
    it(`gives ${kind} the spec's access`, () => {
      const flags = flagsForKind(kind);
      expect([
        canUseBuilder(flags),
        canUseSettings(flags),
        canUseIntegrations(flags),
        isSystemAdminOnly(flags),
        launchPageApplies(flags),
      ]).toEqual(table[kind]);
    });
  }

  it('judges flags, not kinds: a lone administrator flag still opens settings and integrations', () => {
    const flags = { isSysAdmin: false, isAdministrator: true, isConsultant: false, isFullUser: false };
    expect(canUseSettings(flags)).toBe(true);
    expect(canUseIntegrations(flags)).toBe(true);
    expect(launchPageApplies(flags)).toBe(true);
    expect(canUseBuilder(flags)).toBe(false);
  });

  it('keeps consultants out of the integrations menu items but not the settings', () => {
    const flags = flagsForKind('CONSULTANT');
    expect(canUseSettings(flags)).toBe(true);
    expect(canUseIntegrations(flags)).toBe(false);
  });
});
