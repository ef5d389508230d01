import { API_PATHS } from '@formloop/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { groupKey } from '../components/two-factor-section.tsx';
import { fullUserProfile, questions, renderProfile, timeZones } from './render-profile.tsx';

// The whole page renders several antd forms; under a busy parallel run they need more than 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const SHARED = {
  sharedKey: 'jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp',
  authenticatorUri: 'otpauth://totp/Formloop:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Formloop',
  is2faEnabled: false,
};
const CODES = Array.from({ length: 10 }, (_, index) => `code-${index}-abcd`);

const handlers = (profile = fullUserProfile) => ({
  [`GET ${API_PATHS.userInfo}`]: ok(profile),
  [`GET ${API_PATHS.timeZones}`]: ok(timeZones),
  [`GET ${API_PATHS.securityQuestions}`]: ok(questions),
  [`GET ${API_PATHS.sharedKeyQrCodeUri}`]: ok(SHARED),
  [`POST ${API_PATHS.enableAuthenticator}`]: ok(
    { recoveryCodes: CODES },
    'Your authenticator app has been enabled.',
  ),
  [`POST ${API_PATHS.disableAuthenticator}`]: ok(null, 'Your authenticator app has been disabled.'),
});

const openEnrolment = async () => {
  const block = await screen.findByTestId('profile-two-factor');
  fireEvent.click(await within(block).findByRole('button', { name: 'Enable authenticator' }));
  await within(block).findByTestId('authenticator-key');
  return block;
};

describe('two-factor authentication', { timeout: 20_000 }, () => {
  it('shows the QR code and key, verifies a code, then shows the recovery codes once', async () => {
    const calls = mockFetch(handlers());
    renderProfile();
    const block = await openEnrolment();
    expect(within(block).getByTestId('authenticator-key').textContent).toBe(
      'jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp',
    );
    expect(block.querySelector('.ant-qrcode svg')).not.toBeNull();

    fireEvent.change(within(block).getByTestId('authenticator-code'), { target: { value: '123 456' } });
    fireEvent.click(within(block).getByRole('button', { name: 'Verify' }));

    const codes = await within(block).findAllByTestId('recovery-code');
    expect(codes.map((node) => node.textContent)).toEqual(CODES);
    expect(within(block).getByRole('alert').textContent).toContain('shown only now');
    expect(within(block).getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(within(block).getByRole('button', { name: 'Download codes' })).toBeTruthy();
    const enable = calls.find((call) => call.url === API_PATHS.enableAuthenticator);
    expect(JSON.parse(enable?.body ?? '{}')).toEqual({ code: '123456' });

    // Once acknowledged, the codes are gone and the section offers to turn 2FA off.
    fireEvent.click(within(block).getByRole('button', { name: 'I have saved my codes' }));
    expect(within(block).queryByTestId('recovery-code')).toBeNull();
    expect(await within(block).findByRole('button', { name: 'Disable authenticator' })).toBeTruthy();
    expect(within(block).getByTestId('two-factor-status').textContent).toBe('On');
  });

  it("blocks '.', ',', '-' and 'e' in the code field and lets digits through", async () => {
    mockFetch(handlers());
    renderProfile();
    const block = await openEnrolment();
    const input = within(block).getByTestId('authenticator-code');
    for (const key of ['.', ',', '-', 'e']) expect(fireEvent.keyDown(input, { key })).toBe(false);
    for (const key of ['1', '0', 'Backspace', 'Tab']) expect(fireEvent.keyDown(input, { key })).toBe(true);
  });

  it('asks for six digits and shows a wrong code under the field', async () => {
    mockFetch({
      ...handlers(),
      [`POST ${API_PATHS.enableAuthenticator}`]: {
        status: 400,
        body: {
          success: false,
          message: 'Invalid authenticator code.',
          data: {
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'code', message: 'Invalid authenticator code.' }],
          },
        },
      },
    });
    renderProfile();
    const block = await openEnrolment();
    const errors = () =>
      Array.from(block.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);
    fireEvent.click(within(block).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(errors()).toEqual(['This field is required']));
    fireEvent.change(within(block).getByTestId('authenticator-code'), { target: { value: '123' } });
    await waitFor(() => expect(errors()).toEqual(['Enter the 6-digit code from your app.']));
    fireEvent.change(within(block).getByTestId('authenticator-code'), { target: { value: '000000' } });
    fireEvent.click(within(block).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(errors()).toEqual(['Invalid authenticator code.']));
  });

  it('turns the authenticator off after a confirmation', async () => {
    const calls = mockFetch(handlers({ ...fullUserProfile, is2faEnabled: true }));
    renderProfile();
    const block = await screen.findByTestId('profile-two-factor');
    fireEvent.click(await within(block).findByRole('button', { name: 'Disable authenticator' }));
    expect(calls.some((call) => call.url === API_PATHS.disableAuthenticator)).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(calls.some((call) => call.url === API_PATHS.disableAuthenticator)).toBe(true));
    expect(await within(block).findByRole('button', { name: 'Enable authenticator' })).toBeTruthy();
    expect(within(block).getByTestId('two-factor-status').textContent).toBe('Off');
  });

  it('groups a key in fours', () => {
    expect(groupKey('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupKey('abcd efgh')).toBe('abcd efgh');
  });
});
