// Test setup for the 'web' vitest project (jsdom). No jest-dom: tests use plain expect.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { i18n, initI18n, NAMESPACES } from '../app/i18n.ts';
import { authStore } from '../shared/auth/auth-store.ts';
import { mediaQueryList } from './match-media.ts';
import { loadUnkeyedTexts } from '../shared/i18n/translate-message.ts';

// antd pages render slowly in jsdom on a loaded two-core machine: give findBy/waitFor room.
configure({ asyncUtilTimeout: 5000 });

// antd reads media queries (responsive grid, Form layout).
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => mediaQueryList(query, false);
}

// jsdom has no ResizeObserver; antd's tooltips and inputs observe sizes.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

// jsdom does not implement getComputedStyle for pseudo-elements (antd measures the scrollbar that way).
// It also computes the cascade afresh on every call, matching every rule of antd's many style sheets:
// role queries ask it for each element and all its ancestors, which made most of a page test's time.
// Answers are kept until the document changes in any way (nodes, attributes, text — style sheets are
// nodes too); pending mutation records are taken synchronously, so a change is never missed.
const computedStyle = window.getComputedStyle.bind(window);
const computedStyles = new WeakMap<Element, CSSStyleDeclaration>();
let styleCache = computedStyles;
const documentChanges = new MutationObserver(() => undefined);
documentChanges.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
window.getComputedStyle = (element: Element) => {
  if (documentChanges.takeRecords().length > 0) styleCache = new WeakMap();
  let style = styleCache.get(element);
  if (!style) {
    style = computedStyle(element);
    styleCache.set(element, style);
  }
  return style;
};

beforeAll(async () => {
  await loadUnkeyedTexts();
  await initI18n('en');
  await i18n.loadNamespaces([...NAMESPACES]);
});

afterEach(async () => {
  cleanup();
  authStore.signOut();
  authStore.setRedirectUrl(null);
  localStorage.clear();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
