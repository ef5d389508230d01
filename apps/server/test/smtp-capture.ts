import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port.ts';

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed. */
export async function startSmtpCapture() {
  const messages: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves with the first message to `to` (waits up to 10 s for it to arrive). */
    async waitFor(to: string): Promise<ParsedMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = messages.find((m) => JSON.stringify(m.to ?? '').includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** Resolves once `count` messages in all have arrived (waits up to 10 s). */
    async waitForCount(count: number): Promise<void> {
      const deadline = Date.now() + 10_000;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${messages.length} of ${count} mails arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
