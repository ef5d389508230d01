import { API_PATHS } from '@formloop/contracts';
import type { LaunchPageType, UserKind } from '@formloop/domain';
import { configure, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFor } from '../../features/auth/__tests__/sessions.ts';
import { authStore } from '../../shared/auth/auth-store.ts';
import { mockFetch, ok } from '../../test/fetch-mock.ts';
import { locationOf, renderApp } from '../../test/render-app.tsx';

// Signed-in pages load the shell's chunks on first use; under a busy test run that takes over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const CASES: [UserKind, LaunchPageType, string][] = [
  ['FULL_USER', 'home', '/tasks'],
  ['FULL_USER', 'dashboard&reports', '/dashboard'],
  ['FULL_USER', 'quickreport', '/inquiry'],
  ['FULL_USER', 'apps', '/applications'],
  ['ADMINISTRATOR', 'dashboard&reports', '/dashboard'],
  ['SYSTEM_ADMINISTRATOR', 'apps', '/applications'],
  // The launch page applies only to full users and administrators (spec §6).
  ['USER', 'dashboard&reports', '/tasks'],
  ['CONSULTANT', 'quickreport', '/tasks'],
];

describe('root / (spec §2)', () => {
  it.each(CASES)('a %s whose launch page is %s lands on %s', async (kind, launchPage, target) => {
    authStore.signIn(sessionFor(kind, { launchPage }));
    mockFetch({ [`GET ${API_PATHS.isAuthenticated}`]: ok(null), [`GET ${API_PATHS.tenantInfo}`]: ok(null) });
    const app = renderApp('/');
    await waitFor(() => expect(locationOf(app)).toBe(target));
  });
});
