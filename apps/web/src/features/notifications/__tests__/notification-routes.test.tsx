import { API_PATHS } from '@formloop/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { authStore } from '../../../shared/auth/auth-store.ts';

afterEach(() => vi.unstubAllGlobals());

// The real route table (spec §2): /notifications and /notifications/{id} for every signed-in user.
describe('notification routes', { timeout: 120_000 }, () => {
  it('/notifications shows the list', async () => {
    authStore.signIn({ ...adminSession, isSysAdmin: false, isAdministrator: false, isFullUser: false });
    mockFetch({
      [`GET ${API_PATHS.isAuthenticated}`]: ok(null),
      [`GET ${API_PATHS.tenantInfo}`]: ok(null),
      [`GET ${API_PATHS.notifications}`]: ok({ notif: [], unread: 0, open: 0 }),
    });
    renderApp('/notifications');
    expect(await screen.findByTestId('notifications-empty', undefined, { timeout: 30_000 })).toBeTruthy();
  });

  it('/notifications/{id} shows one', async () => {
    authStore.signIn(adminSession);
    mockFetch({
      [`GET ${API_PATHS.isAuthenticated}`]: ok(null),
      [`GET ${API_PATHS.tenantInfo}`]: ok(null),
      [`GET ${API_PATHS.notifications}`]: ok({ notif: [], unread: 0, open: 0 }),
      [`GET ${API_PATHS.notifications}/n-1`]: ok({
        id: 'n-1',
        notification_content: 'The export is ready',
        notification_type_name: 'export',
        current_step: null,
        task_id: null,
        module_id: null,
        record_id: null,
        record_created_by: null,
        created_on: '2026-01-01T10:00:00.000Z',
        time_since: 60,
        read_on: '2026-01-01T10:01:00.000Z',
        notification_params: {},
      }),
    });
    renderApp('/notifications/n-1');
    const detail = await screen.findByTestId('notification-detail', undefined, { timeout: 30_000 });
    expect(detail.textContent).toContain('The export is ready');
  });
});
