import { MESSAGES } from '@formloop/domain';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { http } from '../../shared/api/http.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { i18n } from '../i18n.ts';
import { AppProviders } from '../providers.tsx';
import { createQueryClient, queryErrorMessage } from '../query-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Failing({ path, silent = false }: { path: string; silent?: boolean }) {
  useQuery({
    queryKey: ['failing', path],
    queryFn: () => http.get(path),
    retry: false,
    meta: silent ? { errorToast: false } : undefined,
  });
  return null;
}

const renderWith = (ui: React.ReactNode) =>
  render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);

const toastTexts = () =>
  Array.from(document.querySelectorAll('.ant-message-notice')).map((n) => n.textContent);

describe('request error toasts (spec §8)', () => {
  it('shows Request timeout for a 504, and keeps it until it is clicked', async () => {
    mockFetch({ 'GET /api/slow': { status: 504 } });
    renderWith(<Failing path="/api/slow" />);
    expect(await screen.findByText(MESSAGES.requestTimeout)).toBeTruthy();
    // No duration: still there well after antd's default three seconds.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(toastTexts()).toEqual([MESSAGES.requestTimeout]);
    fireEvent.click(screen.getByText(MESSAGES.requestTimeout));
    // jsdom runs no CSS transitions, so the notice stays in its leave animation instead of vanishing.
    await waitFor(() =>
      expect(document.querySelector('.ant-message-notice')?.className).toContain('ant-message-fade-leave'),
    );
  }, 10_000);

  it("shows a query's server message, translated, or 'Failed to process query.'", async () => {
    await i18n.changeLanguage('de');
    mockFetch({ 'GET /api/x': { status: 500, body: { success: false, message: '', data: null } } });
    renderWith(<Failing path="/api/x" />);
    expect(await screen.findByText('Die Abfrage konnte nicht verarbeitet werden.')).toBeTruthy();
  });

  it("translates a query's server message by its key, not by its English (ADR 0012)", async () => {
    await i18n.changeLanguage('de');
    // The English is worded differently from the catalogue's: only the key can find the German.
    mockFetch({
      'GET /api/role': {
        status: 404,
        body: {
          success: false,
          message: 'Role gone.',
          data: { code: 'NOT_FOUND', key: 'roles.notFound', params: {} },
        },
      },
    });
    renderWith(<Failing path="/api/role" />);
    expect(await screen.findByText('Diese Rolle existiert nicht.')).toBeTruthy();
  });

  it('stays quiet for a query that handles its own failure', async () => {
    mockFetch({ 'GET /api/quiet': { status: 500, body: { success: false, message: 'Boom', data: null } } });
    renderWith(
      <>
        <Failing path="/api/quiet" silent />
        <Failing path="/api/loud" />
      </>,
    );
    // The loud one (404 'Not found' from the mock) shows; the quiet one never does.
    expect(await screen.findByText('Not found')).toBeTruthy();
    expect(screen.queryByText('Boom')).toBeNull();
  });

  it('says nothing more for a 401 (sign-out) or an already toasted timeout or broken connection', () => {
    expect(queryErrorMessage(new ApiError(401, 'Expired'))).toBeNull();
    expect(queryErrorMessage(new ApiError(504, MESSAGES.requestTimeout))).toBeNull();
    expect(queryErrorMessage(new ApiError(0, 'Failed to fetch'))).toBeNull();
    expect(queryErrorMessage(new ApiError(500, ''))).toBe(MESSAGES.queryFailed);
    expect(queryErrorMessage(new Error('boom'))).toBe(MESSAGES.queryFailed);
    expect(queryErrorMessage(new ApiError(403, 'No access'))).toBe('No access');
  });
});
