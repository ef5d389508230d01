import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the journeys. It runs in Playwright's setup process, so it writes each message
 * it receives as JSON into a folder that the test workers read.
 */
export async function startMailDrop(dir: string, port: number) {
  await mkdir(dir, { recursive: true });
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          counter += 1;
          const file = path.join(dir, `${Date.now()}-${counter}.json`);
          await writeFile(file, JSON.stringify({ to, subject: mail.subject ?? '', text: mail.text ?? '' }));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export interface DroppedMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for a message to `to` that arrived after `since` (ms since epoch). */
export async function waitForMail(
  dir: string,
  to: string,
  since: number,
  timeoutMs = 15_000,
): Promise<DroppedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir)).filter((f) => Number(f.split('-')[0]) >= since).sort();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as DroppedMail;
      if (mail.to.includes(to)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
