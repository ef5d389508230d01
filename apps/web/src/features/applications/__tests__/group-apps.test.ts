import { describe, expect, it } from 'vitest';
import { groupApps, matchesSearch } from '../group-apps.ts';
import { apps, expenses, groups, leave, visitors } from './app-fixtures.tsx';

describe('groupApps', () => {
  it('follows the groups order, leaves empty groups out and puts apps without a group last', () => {
    const sections = groupApps(apps, [
      ...groups,
      { id: 'g-empty', category_name: 'Empty', category_icon: null, order_index: 2 },
    ]);
    expect(sections.map((section) => [section.id, section.apps.map((app) => app.id)])).toEqual([
      ['g-hr', [leave.id]],
      ['g-fin', [expenses.id]],
      [null, [visitors.id]],
    ]);
  });

  it("uses the apps' own group names when the groups are unknown", () => {
    const sections = groupApps(apps, []);
    expect(sections.map((section) => section.name)).toEqual(['Finance', 'People', null]);
  });

  it('matches names and descriptions ignoring case', () => {
    expect(matchesSearch(expenses, 'TRAVEL')).toBe(true);
    expect(matchesSearch(expenses, 'exp')).toBe(true);
    expect(matchesSearch(leave, 'travel')).toBe(false);
    expect(matchesSearch(leave, '  ')).toBe(true);
  });
});
