import { API_PATHS } from '@formloop/contracts';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { authStore } from '../../auth/auth-store.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { browserLanguage, storedLanguage } from '../languages.ts';
import { useUserLanguageSync } from '../use-user-language.ts';

// The user's language on the server and the language the web app shows (issue 25 item 4).

const sessionWith = (language: string | null) => ({
  ...adminSession,
  config: {
    ...adminSession.config,
    userInfo: {
      ...adminSession.config.userInfo,
      config: { ...adminSession.config.userInfo.config, language },
    },
  },
});

const savedLanguages = (calls: ReturnType<typeof mockFetch>) =>
  calls
    .filter((call) => call.method === 'POST' && call.url.endsWith(API_PATHS.userInfo))
    .map((call) => (JSON.parse(call.body ?? '{}') as { language?: string }).language);

afterEach(() => vi.unstubAllGlobals());

describe('useUserLanguageSync', () => {
  it('stores the language shown at a first sign-in, when the user has none', async () => {
    const calls = mockFetch({ [`POST ${API_PATHS.userInfo}`]: ok({}) });
    await i18n.changeLanguage('fr');
    authStore.signIn(sessionWith(null));
    renderHook(() => useUserLanguageSync());
    await waitFor(() => expect(savedLanguages(calls)).toEqual(['fr']));
    // The signed-in user's info now holds it, so a reload does not store it again.
    expect(authStore.getState().config?.userInfo.config.language).toBe('fr');
  });

  it("shows the user's stored language right after a sign-in, without storing anything", async () => {
    const calls = mockFetch({ [`POST ${API_PATHS.userInfo}`]: ok({}) });
    authStore.signIn(sessionWith('de'));
    renderHook(() => useUserLanguageSync());
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(savedLanguages(calls)).toEqual([]);
  });

  it("keeps this browser's language after a reload and stores a change the user makes", async () => {
    const calls = mockFetch({ [`POST ${API_PATHS.userInfo}`]: ok({}) });
    authStore.signIn(sessionWith('de'));
    authStore.reload(); // what a reload reads back: signed in, but not here
    expect(authStore.getState().signedInHere).toBe(false);
    renderHook(() => useUserLanguageSync());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(i18n.language).toBe('en');
    expect(savedLanguages(calls)).toEqual([]);

    await i18n.changeLanguage('ja');
    await waitFor(() => expect(savedLanguages(calls)).toEqual(['ja']));
    expect(authStore.getState().config?.userInfo.config.language).toBe('ja');
  });

  it('stores nothing while signed out', async () => {
    const calls = mockFetch({});
    renderHook(() => useUserLanguageSync());
    await i18n.changeLanguage('es');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });
});

describe('the language before sign-in', () => {
  it("is this browser's last choice, else the browser's first language the app has, else English", () => {
    localStorage.clear();
    const languages = vi.spyOn(navigator, 'languages', 'get');
    languages.mockReturnValue(['pt-BR', 'de-AT', 'en']);
    expect(browserLanguage()).toBe('de');
    expect(storedLanguage()).toBe('de');
    localStorage.setItem('formloop.language', 'zh');
    expect(storedLanguage()).toBe('zh');
    localStorage.clear();
    languages.mockReturnValue(['pt-BR']);
    expect(storedLanguage()).toBe('en');
    languages.mockRestore();
  });
});
