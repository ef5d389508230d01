import { describe, expect, it } from 'vitest';
import { USER_KINDS, flagsForKind } from '../../users/user-kinds.ts';
import {
  appResource,
  isActionOf,
  menuResource,
  menuVisible,
  parseResource,
  seesEveryMenu,
} from '../permissions.ts';

const ID = '0f8b7c1e-2d3a-4b5c-9d6e-7f8a9b0c1d2e';

describe('resources', () => {
  it('names menus and apps by kind and id, and reads them back', () => {
    expect(menuResource(ID)).toBe(`menu:${ID}`);
    expect(appResource(ID)).toBe(`app:${ID}`);
    expect(parseResource(menuResource(ID))).toEqual({ kind: 'menu', id: ID });
    expect(parseResource(appResource('42'))).toEqual({ kind: 'app', id: '42' });
  });

  it('refuses unknown kinds, empty ids and strings without a kind', () => {
    for (const bad of ['', 'menu', 'menu:', ':x', 'feature:x', 'MENU:x', 'report:1']) {
      expect(parseResource(bad), bad).toBeNull();
    }
  });

  it('keeps everything after the first colon as the id', () => {
    expect(parseResource('app:a:b')).toEqual({ kind: 'app', id: 'a:b' });
  });

  it('offers only view on menus and the four actions on apps', () => {
    expect(isActionOf(menuResource(ID), 'view')).toBe(true);
    for (const action of ['create', 'edit', 'delete', 'VIEW', '']) {
      expect(isActionOf(menuResource(ID), action), action).toBe(false);
    }
    for (const action of ['view', 'create', 'edit', 'delete']) {
      expect(isActionOf(appResource(ID), action), action).toBe(true);
    }
    expect(isActionOf('feature:x', 'view')).toBe(false);
  });
});

describe('menu visibility', () => {
  const entry = { id: ID, showOnSeed: false };
  const none = new Set<string>();

  it('shows every menu to the settings roles, whatever their grants', () => {
    for (const kind of ['SYSTEM_ADMINISTRATOR', 'ADMINISTRATOR', 'CONSULTANT'] as const) {
      expect(seesEveryMenu(flagsForKind(kind)), kind).toBe(true);
      expect(menuVisible(entry, flagsForKind(kind), none), kind).toBe(true);
    }
  });

  it('shows ordinary and full users only show_on_seed entries and granted ones', () => {
    for (const kind of ['USER', 'FULL_USER'] as const) {
      const flags = flagsForKind(kind);
      expect(seesEveryMenu(flags)).toBe(false);
      expect(menuVisible(entry, flags, none)).toBe(false);
      expect(menuVisible({ ...entry, showOnSeed: true }, flags, none)).toBe(true);
      expect(menuVisible(entry, flags, new Set([menuResource(ID)]))).toBe(true);
      // A grant on another menu, or on an app with the same id, is not a grant on this one.
      expect(menuVisible(entry, flags, new Set([menuResource('other'), appResource(ID)]))).toBe(false);
    }
  });

  it('covers every user kind', () => {
    expect(USER_KINDS.filter((kind) => seesEveryMenu(flagsForKind(kind)))).toEqual([
      'CONSULTANT',
      'ADMINISTRATOR',
      'SYSTEM_ADMINISTRATOR',
    ]);
  });
});
