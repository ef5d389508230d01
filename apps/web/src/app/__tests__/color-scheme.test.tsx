// The colour scheme (issue 25 item 8): System (the default) follows prefers-color-scheme live, a stored
// choice overrides it, the document root carries it for plain CSS, and antd draws with the dark theme.
import { act, render, screen } from '@testing-library/react';
import theme from 'antd/es/theme';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COLOR_SCHEME_KEY,
  DARK_SCHEME_QUERY,
  readColorSchemeChoice,
  resolveColorScheme,
  setColorSchemeChoice,
} from '../../shared/ui/color-scheme.ts';
import { mediaQueryList } from '../../test/match-media.ts';
import { AppProviders } from '../providers.tsx';
import { createQueryClient } from '../query-client.ts';

/** The system's setting, as matchMedia answers it, with a switch that fires the change event. */
function systemScheme(dark: boolean) {
  let matches = dark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  vi.stubGlobal('matchMedia', (query: string): MediaQueryList => {
    if (query !== DARK_SCHEME_QUERY) return mediaQueryList(query, false);
    return {
      ...mediaQueryList(query, matches),
      get matches() {
        return matches;
      },
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
    } as MediaQueryList;
  });
  return {
    listening: () => listeners.size,
    turn(next: 'dark' | 'light') {
      matches = next === 'dark';
      act(() => {
        for (const listener of [...listeners]) listener({ matches } as MediaQueryListEvent);
      });
    },
  };
}

/** Shows the background antd draws cards with: #141414 in the dark theme, #ffffff in the light. */
function CardBackground() {
  const { token } = theme.useToken();
  return <output data-testid="card-background">{token.colorBgContainer}</output>;
}

function renderProviders() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <CardBackground />
    </AppProviders>,
  );
}

const root = document.documentElement;
const cardBackground = () => screen.getByTestId('card-background').textContent;

afterEach(() => {
  vi.unstubAllGlobals();
  delete root.dataset.theme;
  root.style.removeProperty('color-scheme');
});

describe('resolving the scheme', () => {
  it('System follows the system setting; Light and Dark override it', () => {
    expect(resolveColorScheme('system', true)).toBe('dark');
    expect(resolveColorScheme('system', false)).toBe('light');
    expect(resolveColorScheme('light', true)).toBe('light');
    expect(resolveColorScheme('dark', false)).toBe('dark');
  });

  it('reads System when nothing (or something unknown) is stored; System forgets the stored choice', () => {
    expect(readColorSchemeChoice()).toBe('system');
    localStorage.setItem(COLOR_SCHEME_KEY, 'sepia');
    expect(readColorSchemeChoice()).toBe('system');
    setColorSchemeChoice('dark');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    expect(readColorSchemeChoice()).toBe('dark');
    setColorSchemeChoice('system');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBeNull();
  });
});

describe('the app follows the scheme', () => {
  it('by default follows the system: dark when it is dark, and light again the moment it changes', () => {
    const system = systemScheme(true);
    const view = renderProviders();
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    expect(cardBackground()).toBe('#141414');
    // The page's own text and links (color-scheme.css) take the theme's colours.
    expect(root.style.getPropertyValue('--formloop-color-text')).toBe('rgba(255,255,255,0.85)');
    expect(root.style.getPropertyValue('--formloop-color-bg-layout')).toBe('#000000');

    system.turn('light');
    expect(root.dataset.theme).toBe('light');
    expect(root.style.colorScheme).toBe('light');
    expect(cardBackground()).toBe('#ffffff');
    system.turn('dark');
    expect(root.dataset.theme).toBe('dark');

    view.unmount();
    expect(system.listening()).toBe(0);
  });

  it('a stored choice overrides the system setting and its changes', () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'light');
    const system = systemScheme(true);
    renderProviders();
    expect(root.dataset.theme).toBe('light');
    expect(cardBackground()).toBe('#ffffff');
    system.turn('light');
    system.turn('dark');
    expect(root.dataset.theme).toBe('light');
  });

  it('a choice made while the app runs applies at once, and System hands back to the system', () => {
    systemScheme(false);
    renderProviders();
    expect(root.dataset.theme).toBe('light');
    act(() => setColorSchemeChoice('dark'));
    expect(root.dataset.theme).toBe('dark');
    expect(cardBackground()).toBe('#141414');
    act(() => setColorSchemeChoice('system'));
    expect(root.dataset.theme).toBe('light');
    expect(cardBackground()).toBe('#ffffff');
  });

  it('follows a choice made in another tab (the storage event)', () => {
    systemScheme(false);
    renderProviders();
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: COLOR_SCHEME_KEY, newValue: 'dark' }));
    });
    expect(root.dataset.theme).toBe('dark');
  });
});
