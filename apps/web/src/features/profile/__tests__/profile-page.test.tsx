import { API_PATHS } from '@formloop/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { fullUserProfile, ordinaryProfile, questions, renderProfile, timeZones } from './render-profile.tsx';

// The whole page renders several antd forms; under a busy parallel run they need more than 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const baseHandlers = (profile = fullUserProfile) => ({
  [`GET ${API_PATHS.userInfo}`]: ok(profile),
  [`GET ${API_PATHS.timeZones}`]: ok(timeZones),
  [`GET ${API_PATHS.securityQuestions}`]: ok(questions),
});

const section = (testId: string) => screen.findByTestId(testId);
const fieldErrors = (root: HTMLElement) =>
  Array.from(root.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);

describe('My Profile page', { timeout: 20_000 }, () => {
  it('shows the user info with a read-only username and saves changes', async () => {
    const calls = mockFetch({
      ...baseHandlers(),
      [`POST ${API_PATHS.userInfo}`]: ok(
        { ...fullUserProfile, fullname: 'Ada Lovelace', date_format: 'DD-MM-YYYY' },
        'Your profile has been saved.',
      ),
    });
    renderProfile();
    const info = await section('profile-info');
    const username = within(info).getByLabelText('Username') as HTMLInputElement;
    await waitFor(() => expect(username.value).toBe('admin'));
    expect(username.readOnly).toBe(true);
    fireEvent.change(within(info).getByLabelText('Full name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(within(info).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST' && call.url === API_PATHS.userInfo);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      fullname: 'Ada Lovelace',
      email: 'admin@demo.formloop.test',
      date_format: 'YYYY-MM-DD',
    });
  });

  it('checks full name and e-mail before sending', async () => {
    const calls = mockFetch(baseHandlers());
    renderProfile();
    const info = await section('profile-info');
    await waitFor(() =>
      expect((within(info).getByLabelText('Full name') as HTMLInputElement).value).toBe('Ada Admin'),
    );
    fireEvent.change(within(info).getByLabelText('Full name'), { target: { value: '' } });
    fireEvent.change(within(info).getByLabelText('E-mail'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(info).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fieldErrors(info)).toEqual(['This field is required', 'Please enter a valid e-mail address.']),
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the launch page choice to full users and saves it', async () => {
    const calls = mockFetch({
      ...baseHandlers(),
      [`POST ${API_PATHS.userInfo}`]: ok({
        ...fullUserProfile,
        preference: { launch_page: { type: 'quickreport' } },
      }),
    });
    renderProfile();
    const launch = await section('profile-launch-page');
    for (const label of ['Home', 'Dashboard & Reports', 'Quick Report', 'Apps']) {
      expect(within(launch).getByLabelText(label)).toBeTruthy();
    }
    fireEvent.click(within(launch).getByLabelText('Quick Report'));
    fireEvent.click(within(launch).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ preference: { launch_page: { type: 'quickreport' } } });
  });

  it('hides the launch page section from ordinary users', async () => {
    mockFetch(baseHandlers(ordinaryProfile));
    renderProfile();
    await section('profile-info');
    expect(screen.queryByTestId('profile-launch-page')).toBeNull();
    expect(screen.queryByText('Launch page')).toBeNull();
  });

  it('sets the time zone from the list', async () => {
    const calls = mockFetch({
      ...baseHandlers(),
      [`POST ${API_PATHS.setUserTimeZone}`]: ok(
        { time_zone: 'Europe/Berlin' },
        'Your time zone has been saved.',
      ),
    });
    renderProfile();
    const zone = await section('profile-time-zone');
    await waitFor(() => expect(within(zone).getByText('(UTC+00:00) UTC')).toBeTruthy());
    fireEvent.mouseDown(within(zone).getByRole('combobox'));
    fireEvent.click(await screen.findByText('(UTC+01:00) Europe/Berlin'));
    fireEvent.click(within(zone).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your time zone has been saved.')).toBeTruthy();
    const post = calls.find((call) => call.url === API_PATHS.setUserTimeZone);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ timeZone: 'Europe/Berlin' });
  });
});

describe('change password', { timeout: 20_000 }, () => {
  it('validates with the spec’s messages and shows a wrong current password under its field', async () => {
    const calls = mockFetch({
      ...baseHandlers(),
      [`POST ${API_PATHS.changePassword}`]: {
        status: 400,
        body: {
          success: false,
          message: 'The current password is incorrect.',
          data: {
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'currentPassword', message: 'The current password is incorrect.' }],
          },
        },
      },
    });
    renderProfile();
    const form = await section('profile-password');
    const submit = within(form).getByRole('button', { name: 'Change password' });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(fieldErrors(form)).toEqual(['This field is required', 'This field is required']),
    );

    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'old-pass' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'ab' } });
    // The confirmation follows the new password, so it complains too until they match.
    const mismatch = 'The passwords do not match';
    await waitFor(() => expect(fieldErrors(form)).toEqual(['Minimum 3 characters', mismatch]));
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'a'.repeat(51) } });
    await waitFor(() => expect(fieldErrors(form)).toEqual(['Maximum 50 characters', mismatch]));
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'new-pass' } });
    fireEvent.change(within(form).getByLabelText('Confirm new password'), { target: { value: 'other' } });
    fireEvent.click(submit);
    await waitFor(() => expect(fieldErrors(form)).toEqual([mismatch]));
    expect(calls.some((call) => call.url === API_PATHS.changePassword)).toBe(false);

    fireEvent.change(within(form).getByLabelText('Confirm new password'), { target: { value: 'new-pass' } });
    fireEvent.click(submit);
    await waitFor(() => expect(fieldErrors(form)).toEqual(['The current password is incorrect.']));
    const post = calls.find((call) => call.url === API_PATHS.changePassword);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ currentPassword: 'old-pass', newPassword: 'new-pass' });
  });
});

describe('security questions', { timeout: 20_000 }, () => {
  it('asks for the required number of distinct questions and saves the answers', async () => {
    const calls = mockFetch({
      ...baseHandlers(),
      [`POST ${API_PATHS.saveSecurityQuestions}`]: ok(null, 'Your security questions have been saved.'),
    });
    renderProfile();
    const block = await section('profile-security-questions');
    await waitFor(() => expect(within(block).getAllByRole('combobox')).toHaveLength(3));
    const picks = [
      'What was the name of your first pet?',
      'In which city were you born?',
      'What was the name of your first school?',
    ];
    for (const [index, label] of picks.entries()) {
      fireEvent.mouseDown(within(block).getAllByRole('combobox')[index]!);
      const options = await screen.findAllByText(label);
      fireEvent.click(options.at(-1)!);
      fireEvent.change(within(block).getByLabelText(`Answer ${index + 1}`), {
        target: { value: `answer ${index}` },
      });
    }
    fireEvent.click(within(block).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your security questions have been saved.')).toBeTruthy();
    const post = calls.find((call) => call.url === API_PATHS.saveSecurityQuestions);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      answers: [
        { questionKey: 'firstPet', answer: 'answer 0' },
        { questionKey: 'birthCity', answer: 'answer 1' },
        { questionKey: 'firstSchool', answer: 'answer 2' },
      ],
    });
  });
});
