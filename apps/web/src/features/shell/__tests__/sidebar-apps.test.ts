import type { AppSummary } from '@formloop/contracts';
import { describe, expect, it } from 'vitest';
import { withPublishedApps } from '../sidebar-apps.ts';
import { entry } from './render-shell.tsx';

const app = (
  id: string,
  name: string,
  group: [string, string] | null,
  status: AppSummary['status'] = 'Published',
) =>
  ({
    id,
    display_name: name,
    module_description: '',
    application_module_category_id: group?.[0] ?? null,
    category_name: group?.[1] ?? null,
    category_icon: null,
    app_icon: null,
    add_to_quick_launch: false,
    module_version: status === 'Published' ? 1 : 0,
    status,
    is_favourite: false,
    created_by: null,
    created_by_name: null,
    created_on: '2026-01-01T00:00:00Z',
    modified_on: '2026-01-01T00:00:00Z',
    modified_by_name: null,
  }) satisfies AppSummary;

describe('published apps in the sidebar tree', () => {
  it('adds each published app under its group, by name, the ungrouped last, after the stored menus', () => {
    const stored = [entry('m', 'Handbook', '/applications?menu=handbook')];
    const tree = withPublishedApps(
      stored,
      [
        app('3', 'Travel', null),
        app('1', 'Payroll', ['hr', 'People']),
        app('2', 'Leave', ['hr', 'People']),
        app('4', 'Invoices', ['fin', 'Finance']),
        app('5', 'Unfinished', ['fin', 'Finance'], 'Draft'),
      ],
      'Other apps',
    );
    expect(tree.map((node) => node.title)).toEqual(['Handbook', 'Finance', 'People', 'Other apps']);
    expect(tree[2]!.items.map((node) => [node.id, node.title, node.href])).toEqual([
      ['app:2', 'Leave', '/module/2'],
      ['app:1', 'Payroll', '/module/1'],
    ]);
    expect(tree[1]!.items.map((node) => node.title)).toEqual(['Invoices']);
  });

  it('does not repeat an app a stored menu already links to', () => {
    const stored = [entry('g', 'Ops', '', [entry('x', 'Payroll (menu)', '/module/1?from=menu')])];
    const tree = withPublishedApps(stored, [app('1', 'Payroll', ['hr', 'People'])], 'Other apps');
    expect(tree).toEqual(stored);
  });
});
