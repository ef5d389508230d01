import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../mailer.ts';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('mailer without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail and logs where', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'formloop-mail-'));
    const logged: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Formloop <no-reply@formloop.local>',
      dataDir: dir,
      log: (m) => logged.push(m),
    });
    await mailer.send({
      to: 'someone@example.com',
      subject: 'Hello there',
      text: 'Line one\nhttp://x/reset-password?token=abc',
    });
    const files = await readdir(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(dir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('To: someone@example.com');
    expect(eml).toContain('Subject: Hello there');
    expect(eml).toContain('reset-password?token=abc');
    expect(logged[0]).toContain(path.join(dir, 'mail', files[0]!));
    mailer.close();
  });
});
