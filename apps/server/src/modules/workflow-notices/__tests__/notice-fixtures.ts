import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../../../test/free-port.ts';
import type { TestServer } from '../../../../test/harness.ts';

// Arranging helpers of the event notice tests: a real SMTP server that refuses some recipients (as
// a mail server refuses an unknown mailbox), polling for what the background worker produces, and
// the notifications a user has about a record.

/** A real SMTP server on 127.0.0.1 keeping what it accepts; RCPT TO an address `refuse` picks gets 550. */
export async function startRefusingSmtp(refuse: (address: string) => boolean) {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse(address.address)) {
        const error = Object.assign(new Error(`Mailbox ${address.address} unavailable`), {
          responseCode: 550,
        });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const recipientsOf = (mail: ParsedMail): string[] =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) =>
    to.value.map((entry) => entry.address ?? ''),
  );

/** Polls `probe` (the worker runs in the background) until it answers something, or fails after `seconds`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  seconds = 20,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface NoticeRow {
  id: string;
  type_name: string;
  current_step: string | null;
  task_id: string | null;
  module_id: string | null;
  record_id: string | null;
  record_created_by: string | null;
  content: string;
  params: Record<string, string>;
}

/** The notifications `userId` has about a record, by type name (then step). */
export async function noticesOf(server: TestServer, userId: string, recordId: string): Promise<NoticeRow[]> {
  const { rows } = await server.owner.query<NoticeRow>(
    `SELECT id, type_name, current_step, task_id, module_id, record_id, record_created_by, content, params
     FROM notifications WHERE user_id = $1 AND record_id = $2 ORDER BY type_name, current_step, created_on`,
    [userId, recordId],
  );
  return rows;
}

/** The same, as "type step" lines. */
export const kindsOf = async (server: TestServer, userId: string, recordId: string) =>
  (await noticesOf(server, userId, recordId)).map((row) => `${row.type_name} ${row.current_step ?? '-'}`);
