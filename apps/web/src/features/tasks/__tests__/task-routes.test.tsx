import {
  API_PATHS,
  RECORDS_PATHS,
  TASK_PATHS,
  recordPath,
  taskDetailPath,
  workflowHistoryPath,
} from '@formloop/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { recordDetail } from '../../item-editor/__tests__/fixtures.tsx';
import { taskDetail, taskPage, taskRow } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

// The real route table: /tasks, /task-editor/* and /item-editor/* with a task (spec §2).
const appCalls = () =>
  mockFetch({
    [`GET ${API_PATHS.isAuthenticated}`]: ok(null),
    [`GET ${API_PATHS.tenantInfo}`]: ok(null),
    [`POST ${TASK_PATHS.datatables}`]: ok(taskPage([taskRow(1)])),
    [`GET ${taskDetailPath('t-1')}`]: ok(taskDetail()),
    [`GET ${recordPath.detail('r-1')}`]: ok(recordDetail()),
    [`GET ${RECORDS_PATHS.loadComment}`]: ok({ comments: [], total: 0, hasMore: false }),
    [`GET ${workflowHistoryPath('app-1', 'r-1').split('?')[0]}`]: ok([]),
  });

describe('task routes', { timeout: 120_000 }, () => {
  it('/tasks shows the task list', async () => {
    authStore.signIn(adminSession);
    appCalls();
    renderApp('/tasks');
    expect(await screen.findByText('Manager approval 1', undefined, { timeout: 30_000 })).toBeTruthy();
  });

  it('the item editor’s address with a task opens the task editor', async () => {
    authStore.signIn(adminSession);
    appCalls();
    renderApp('/item-editor/app-1/r-1/t-1');
    expect(await screen.findByTestId('task-action-bar', undefined, { timeout: 30_000 })).toBeTruthy();
  });

  it('the task editor’s address without a task is the item editor', async () => {
    authStore.signIn(adminSession);
    const calls = appCalls();
    renderApp('/task-editor/app-1/r-1');
    expect(await screen.findByTestId('item-editor', undefined, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByTestId('task-action-bar')).toBeNull();
    expect(calls.some((call) => /^\/api\/Task\/[^/]+\/detail/.test(call.url))).toBe(false);
  });
});
