import { afterEach, describe, expect, it } from 'vitest';
import { fixAntdAccessibility } from '../antd-a11y.ts';

// antd's measure rows copy the table header (a Select-all checkbox) into an aria-hidden row: they are
// made inert, and their controls leave the tab order, whether there at start or added later.

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  document.body.innerHTML = '';
});

const tableWithMeasureRow = () => {
  const table = document.createElement('table');
  table.innerHTML =
    '<tbody><tr aria-hidden="true" class="ant-table-measure-row"><td><input type="checkbox" aria-label="Select all"></td></tr>' +
    '<tr><td><input type="checkbox" aria-label="Select row"></td></tr></tbody>';
  return table;
};

describe('tabs whose bar overflows', () => {
  it('owns only tabs: the tablist role moves from the bar to the list of tabs, away from the more button', async () => {
    stop = fixAntdAccessibility();
    const nav = document.createElement('div');
    nav.className = 'ant-tabs-nav';
    nav.setAttribute('role', 'tablist');
    nav.setAttribute('aria-orientation', 'horizontal');
    nav.innerHTML =
      '<div class="ant-tabs-nav-wrap"><div class="ant-tabs-nav-list"><div class="ant-tabs-tab"><div role="tab">All</div></div></div></div>' +
      '<div class="ant-tabs-nav-operations"><button aria-controls="more">…</button></div>';
    document.body.append(nav);
    await Promise.resolve();
    expect(nav.hasAttribute('role')).toBe(false);
    expect(nav.hasAttribute('aria-orientation')).toBe(false);
    expect(nav.querySelector('.ant-tabs-nav-list')!.getAttribute('aria-orientation')).toBe('horizontal');
    expect(nav.querySelector('.ant-tabs-nav-list')!.getAttribute('role')).toBe('tablist');
    expect(nav.querySelector('button')!.closest('[role="tablist"]')).toBeNull();
  });
});

describe('table measure rows', () => {
  it('quietens the rows already there and leaves the real rows alone', () => {
    document.body.append(tableWithMeasureRow());
    stop = fixAntdAccessibility();
    const [hidden, real] = document.querySelectorAll('input');
    expect(document.querySelector('.ant-table-measure-row')!.hasAttribute('inert')).toBe(true);
    expect(hidden!.getAttribute('tabindex')).toBe('-1');
    expect(real!.hasAttribute('tabindex')).toBe(false);
  });

  it('quietens rows that appear later, and controls put into them', async () => {
    stop = fixAntdAccessibility();
    document.body.append(tableWithMeasureRow());
    await Promise.resolve();
    expect(document.querySelector('.ant-table-measure-row input')!.getAttribute('tabindex')).toBe('-1');
    const late = document.createElement('button');
    document.querySelector('.ant-table-measure-row td')!.append(late);
    await Promise.resolve();
    expect(late.getAttribute('tabindex')).toBe('-1');
  });
});
