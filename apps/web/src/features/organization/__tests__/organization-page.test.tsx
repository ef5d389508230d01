import { API_PATHS, ORGANIZATION_MESSAGES, ORGANIZATION_PATHS } from '@formloop/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { OrganizationPage } from '../pages/organization-page.tsx';
import { ORGANIZATION_PREFERENCE_STORAGE_KEY } from '../../../shared/organization/use-organization-preference.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DEFAULTS = {
  time_zone: 'UTC',
  date_format: 'YYYY-MM-DD',
  datetime_format: 'YYYY-MM-DD HH:mm:ss',
  time_format: 'HH:mm:ss',
};
const current = (preference: Partial<typeof DEFAULTS> = {}) => ({
  preference: { ...DEFAULTS, ...preference },
  name: 'DEMO',
  company: 'Demo Ltd',
  support_email: 'help@demo.example',
  person_in_charge_phone: '+1 555 0100',
});
const timeZones = [
  { id: 'America/New_York', label: '(UTC-05:00) America/New_York', offsetMinutes: -300 },
  { id: 'UTC', label: '(UTC+00:00) UTC', offsetMinutes: 0 },
  { id: 'Europe/Berlin', label: '(UTC+01:00) Europe/Berlin', offsetMinutes: 60 },
];

function renderPage() {
  authStore.signIn(adminSession);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <OrganizationPage />
      </Suspense>
    </AppProviders>,
  );
}

const bodyOf = (calls: ReturnType<typeof mockFetch>, url: string) =>
  JSON.parse(calls.find((call) => call.method === 'POST' && call.url === url)?.body ?? 'null');

describe('organization page', { timeout: 20_000 }, () => {
  it('saves the time zone and the formats, with the success message, and stores them', async () => {
    const calls = mockFetch({
      [`GET ${ORGANIZATION_PATHS.current}`]: ok(current()),
      [`GET ${API_PATHS.timeZones}`]: ok(timeZones),
      [`POST ${ORGANIZATION_PATHS.setTimeZone}`]: ok(
        { ...DEFAULTS, time_zone: 'Europe/Berlin' },
        ORGANIZATION_MESSAGES.timeZoneSaved,
      ),
      [`POST ${ORGANIZATION_PATHS.preference}`]: ok(
        { ...DEFAULTS, time_zone: 'Europe/Berlin', date_format: 'DD-MM-YYYY' },
        ORGANIZATION_MESSAGES.preferenceSaved,
      ),
    });
    renderPage();
    const form = await screen.findByTestId('organization-preference-form');
    await waitFor(() => expect(within(form).getByText('(UTC+00:00) UTC')).toBeTruthy());
    const save = within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.mouseDown(within(form).getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByText('(UTC+01:00) Europe/Berlin'));
    fireEvent.click(within(form).getByLabelText('DD-MM-YYYY'));
    // The live example follows the draft: a day-first date in the preview.
    await waitFor(() =>
      expect(
        within(screen.getByTestId('organization-preview')).getByText(/^\d{2}-\d{2}-\d{4}$/),
      ).toBeTruthy(),
    );
    fireEvent.click(save);

    expect(await screen.findByText('The organization preference has been saved.')).toBeTruthy();
    expect(bodyOf(calls, ORGANIZATION_PATHS.setTimeZone)).toEqual({ timeZone: 'Europe/Berlin' });
    expect(bodyOf(calls, ORGANIZATION_PATHS.preference)).toEqual({
      date_format: 'DD-MM-YYYY',
      datetime_format: 'YYYY-MM-DD HH:mm:ss',
      time_format: 'HH:mm:ss',
    });
    expect(JSON.parse(localStorage.getItem(ORGANIZATION_PREFERENCE_STORAGE_KEY) ?? '{}')).toMatchObject({
      time_zone: 'Europe/Berlin',
      date_format: 'DD-MM-YYYY',
    });
  });

  it('sends only the formats when the zone is unchanged, and shows a refusal', async () => {
    const calls = mockFetch({
      [`GET ${ORGANIZATION_PATHS.current}`]: ok(current()),
      [`GET ${API_PATHS.timeZones}`]: ok(timeZones),
      [`POST ${ORGANIZATION_PATHS.preference}`]: fail(
        403,
        'You do not have permission to access this resource.',
      ),
    });
    renderPage();
    const form = await screen.findByTestId('organization-preference-form');
    fireEvent.click(within(form).getByLabelText('MM-DD-YYYY'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You do not have permission to access this resource.')).toBeTruthy();
    expect(calls.some((call) => call.url === ORGANIZATION_PATHS.setTimeZone)).toBe(false);
  });

  it('shows a stored GMT Standard Time as UTC', async () => {
    mockFetch({
      [`GET ${ORGANIZATION_PATHS.current}`]: ok(current({ time_zone: 'GMT Standard Time' })),
      [`GET ${API_PATHS.timeZones}`]: ok(timeZones),
    });
    renderPage();
    const form = await screen.findByTestId('organization-preference-form');
    await waitFor(() => expect(within(form).getByText('(UTC+00:00) UTC')).toBeTruthy());
    expect(within(form).queryByText('GMT Standard Time')).toBeNull();
    expect(within(form).getByText('UTC (UTC+00:00)')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(ORGANIZATION_PREFERENCE_STORAGE_KEY) ?? '{}').time_zone).toBe(
      'UTC',
    );
  });

  it('offers a retry when the preference cannot be loaded', async () => {
    // 403: the one failure the query client does not retry (spec §8), so the alert shows at once.
    mockFetch({ [`GET ${ORGANIZATION_PATHS.current}`]: fail(403, 'Forbidden') });
    renderPage();
    expect(await screen.findByText('The organization preference could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
