// Two antd 6 structures that axe-core reports as serious, put right as they appear in the page:
// - a scrolling table measures its column widths with a copy of its header in an aria-hidden row
//   (.ant-table-measure-row), Select-all checkbox included: a control hidden from screen readers that
//   Tab still reaches (aria-hidden-focus, WCAG 4.1.2). Those rows are made inert.
// - tabs that overflow their bar get a "more" button inside the element with role tablist, which may
//   own only tabs (aria-required-children, WCAG 1.3.1). The role moves to the list of tabs itself.

const MEASURE_ROW = 'tr.ant-table-measure-row';
const FOCUSABLE = 'input, button, select, textarea, a[href], [tabindex]';
const TAB_NAV = '.ant-tabs-nav[role="tablist"]';

function quietenMeasureRow(row: Element): void {
  if (!row.hasAttribute('inert')) row.setAttribute('inert', '');
  for (const control of row.querySelectorAll(FOCUSABLE)) {
    if (control.getAttribute('tabindex') !== '-1') control.setAttribute('tabindex', '-1');
  }
}

function narrowTabList(nav: Element): void {
  const list = nav.querySelector(':scope > .ant-tabs-nav-wrap > .ant-tabs-nav-list');
  if (!list) return;
  list.setAttribute('role', 'tablist');
  const orientation = nav.getAttribute('aria-orientation');
  if (orientation) list.setAttribute('aria-orientation', orientation);
  nav.removeAttribute('role');
  nav.removeAttribute('aria-orientation');
}

function fix(root: Element): void {
  if (root.matches(MEASURE_ROW)) quietenMeasureRow(root);
  if (root.matches(TAB_NAV)) narrowTabList(root);
  for (const row of root.querySelectorAll(MEASURE_ROW)) quietenMeasureRow(row);
  for (const nav of root.querySelectorAll(TAB_NAV)) narrowTabList(nav);
}

/** Puts those structures right under `root`, now and whenever they appear; answers the stop. */
export function fixAntdAccessibility(root: Element = document.body): () => void {
  fix(root);
  const observer = new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) if (node instanceof Element) fix(node);
      const target = change.target instanceof Element ? change.target : null;
      const row = target?.closest(MEASURE_ROW);
      if (row) quietenMeasureRow(row);
      if (target?.matches(TAB_NAV)) narrowTabList(target);
    }
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
  return () => observer.disconnect();
}
