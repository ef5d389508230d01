import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a scheduled report's PDF or XLSX). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/mail/*.eml and its path
 * logged, so a newcomer's first password reset still works without a mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: (message: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(options.dataDir, 'mail');
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer);
      options.log(`No SMTP_URL set: mail to ${message.to} ("${message.subject}") written to ${file}`);
    },
    close: () => transport.close(),
  };
}
