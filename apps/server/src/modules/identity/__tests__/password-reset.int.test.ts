import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { startSmtpCapture } from '../../../../test/smtp-capture.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await createTestServer({ SMTP_URL: smtp.url, PASSWORD_RESET_TTL_MINUTES: '30' });
  await server.createUser('acme', {
    username: 'forgetful',
    password: 'old-password',
    email: 'forgetful@acme.example',
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const linkIn = (text: string) => {
  const match = text.match(/https?:\/\/\S+\/reset-password\?token=(\S+)/);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return { url: match[0], token: decodeURIComponent(match[1]!) };
};

describe('forgot and reset password', () => {
  it('mails a link over SMTP; the link sets a new password once, ends old sessions, and the new password signs in', async () => {
    const client = server.client('acme');
    const before = server.client('acme');
    await before.signIn('forgetful', 'old-password');

    const res = await client.get('/api/email/forgotpassword?username=forgetful');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.resetMailMaybeSent, data: null });

    const mail = await smtp.waitFor('forgetful@acme.example');
    expect(mail.subject).toBe('Reset your Formloop password');
    const { url, token } = linkIn(mail.text ?? '');
    expect(url.startsWith('http://acme.formloop.test/reset-password?token=')).toBe(true);
    expect(mail.text).toContain('30 minutes');

    const reset = await client.post('/api/email/resetpassword', { token, password: 'brand-new-pw' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(MESSAGES.passwordChanged);

    expect((await client.authenticate('forgetful', 'old-password')).statusCode).toBe(401);
    await expect(client.signIn('forgetful', 'brand-new-pw')).resolves.toMatchObject({
      username: 'forgetful',
    });
    expect((await before.get('/identity/isAuthenticated')).statusCode).toBe(401);

    const reused = await client.post('/api/email/resetpassword', { token, password: 'third-password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(MESSAGES.resetTokenInvalid);

    const { rows } = await server.owner.query(
      `SELECT action FROM audit_log WHERE action LIKE 'password-reset%' ORDER BY id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['password-reset-requested', 'password-reset']);
  });

  it("mails the link in the user's stored language", async () => {
    await server.createUser('acme', {
      username: 'vergesslich',
      password: 'alt-passwort',
      email: 'vergesslich@acme.example',
    });
    const germanUser = server.client('acme');
    await germanUser.signIn('vergesslich', 'alt-passwort');
    expect((await germanUser.post(API_PATHS.userInfo, { language: 'de' })).statusCode).toBe(200);

    const res = await server.client('acme').get('/api/email/forgotpassword?username=vergesslich');
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor('vergesslich@acme.example');
    expect(mail.subject).toBe('Setzen Sie Ihr Formloop-Passwort zurück');
    expect(mail.text).toContain('läuft in 30 Minuten ab');
    expect(linkIn(mail.text ?? '').url).toContain('/reset-password?token=');
  });

  it('an expired link is refused and changes nothing', async () => {
    const count = smtp.messages.length;
    await server.client('acme').get('/api/email/forgotpassword?username=forgetful');
    await smtp.waitForCount(count + 1);
    const mail = smtp.messages.at(-1)!;
    const { token } = linkIn(mail.text ?? '');
    await server.owner.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`,
    );
    const res = await server
      .client('acme')
      .post('/api/email/resetpassword', { token, password: 'never-set' });
    expect(res.statusCode).toBe(400);
    expect((await server.client('acme').authenticate('forgetful', 'never-set')).statusCode).toBe(401);
  });

  it('a newer link makes the older one worthless', async () => {
    const client = server.client('acme');
    const count = smtp.messages.length;
    await client.get('/api/email/forgotpassword?username=forgetful');
    await smtp.waitForCount(count + 1);
    await client.get('/api/email/forgotpassword?username=forgetful');
    await smtp.waitForCount(count + 2);
    const older = linkIn(smtp.messages[count]!.text ?? '').token;
    const newer = linkIn(smtp.messages[count + 1]!.text ?? '').token;
    expect(
      (await client.post('/api/email/resetpassword', { token: older, password: 'older-link' })).statusCode,
    ).toBe(400);
    expect(
      (await client.post('/api/email/resetpassword', { token: newer, password: 'newer-link' })).statusCode,
    ).toBe(200);
  });

  it('answers an unknown or disabled name exactly as a real one, and mails nobody', async () => {
    await server.createUser('acme', { username: 'dormant', password: 'dormant-pw', isActive: false });
    const before = smtp.messages.length;
    const real = await server.client('acme').get('/api/email/forgotpassword?username=forgetful');
    await smtp.waitForCount(before + 1);
    const count = smtp.messages.length;
    for (const name of ['ghost-user', 'dormant', 'FORGETFUL']) {
      const res = await server.client('acme').get(`/api/email/forgotpassword?username=${name}`);
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: real.statusCode,
        body: real.json(),
      });
    }
    // Only the real, active name (matched without regard to case) gets a mail.
    await smtp.waitForCount(count + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.slice(count).map((m) => JSON.stringify(m.to))).toEqual([
      expect.stringContaining('forgetful@acme.example'),
    ]);
  });

  it('an unknown token is a 404', async () => {
    const res = await server
      .client('acme')
      .post('/api/email/resetpassword', { token: 'no-such-token', password: 'whatever' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.resetTokenInvalid);
  });
});
