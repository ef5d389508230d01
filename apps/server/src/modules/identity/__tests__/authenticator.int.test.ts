import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { generateTotp } from '../totp.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  await server.createUser('acme', { username: 'enrol', password: 'enrol-pass' });
});
afterAll(() => server?.close());

describe('enrolling an authenticator app', () => {
  it('shares a key, enables with a code, hands out recovery codes, then demands a code at sign-in', async () => {
    const client = server.client('acme');
    await client.signIn('enrol', 'enrol-pass');

    const shared = await client.get('/identity/manageauthenticator/sharedKeyQRCodeUri');
    expect(shared.statusCode).toBe(200);
    const { sharedKey, authenticatorUri, is2faEnabled } = shared.json().data;
    expect(is2faEnabled).toBe(false);
    expect(sharedKey).toMatch(/^([a-z2-7]{4} )+[a-z2-7]{1,4}$/);
    const secret = sharedKey.replace(/ /g, '').toUpperCase();
    const uri = new URL(authenticatorUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Formloop');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');

    // The key stays the same until enrolment finishes (a second look must not invalidate the QR code).
    expect((await client.get('/identity/manageauthenticator/sharedKeyQRCodeUri')).json().data.sharedKey).toBe(
      sharedKey,
    );

    const wrong = await client.post('/identity/manageauthenticator/enableAuthenticator', { code: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.invalidTwoFactorCode);

    const enabled = await client.post('/identity/manageauthenticator/enableAuthenticator', {
      code: generateTotp(secret),
    });
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    // Still signed in on this browser; the key is no longer revealed.
    const after = await client.get('/identity/manageauthenticator/sharedKeyQRCodeUri');
    expect(after.json().data).toEqual({ sharedKey: '', authenticatorUri: '', is2faEnabled: true });

    const fresh = server.client('acme');
    expect((await fresh.authenticate('enrol', 'enrol-pass')).json().data.requiresTwoFactor).toBe(true);
    // A recovery code works once in place of the app.
    const recovered = await fresh.post('/identity/loginWithRecoveryCode', {
      recoveryCode: codes[0]!.toUpperCase(),
    });
    expect(recovered.statusCode).toBe(200);
    expect((await fresh.fetchSessionToken()).is2faEnabled).toBe(true);

    const reuse = server.client('acme');
    await reuse.authenticate('enrol', 'enrol-pass');
    const second = await reuse.post('/identity/loginWithRecoveryCode', { recoveryCode: codes[0] });
    expect(second.statusCode).toBe(401);
    expect(second.json().message).toBe(MESSAGES.invalidRecoveryCode);

    const { rows } = await server.owner.query(
      `SELECT action FROM audit_log WHERE action = 'authenticator-enabled'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    const anonymous = server.client('acme');
    expect((await anonymous.get('/identity/manageauthenticator/sharedKeyQRCodeUri')).statusCode).toBe(401);
    expect(
      (await anonymous.post('/identity/manageauthenticator/enableAuthenticator', { code: '123456' }))
        .statusCode,
    ).toBe(401);
  });

  it('disabling keeps the caller signed in but ends other sessions', async () => {
    await server.createUser('acme', { username: 'offswitch', password: 'off-pass' });
    const mine = server.client('acme');
    const other = server.client('acme');
    await mine.signIn('offswitch', 'off-pass');
    await other.signIn('offswitch', 'off-pass');
    const res = await mine.post('/identity/manageauthenticator/disableAuthenticator');
    expect(res.statusCode).toBe(200);
    expect((await mine.get('/identity/isAuthenticated')).statusCode).toBe(200);
    expect((await other.get('/identity/isAuthenticated')).statusCode).toBe(401);
  });
});
