import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { seedDemoTenant } from '@formloop/db';
import { buildApp } from './app.ts';
import type { Config } from './platform/config/config.ts';
import { loadOrCreateSecrets } from './platform/config/secrets.ts';
import { bootstrapDatabase } from './platform/database/bootstrap.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { makeDemoContent, type DemoPeopleMade } from './modules/demo-content/index.ts';
import { hashPassword, newSecurityStamp } from './modules/identity/index.ts';

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  /** Closes HTTP, then the pools, then the embedded PostgreSQL (if we started one). */
  stop: () => Promise<void>;
  firstAdmin: { username: string; password: string } | null;
  /** Made now (DEMO_CONTENT): the demo people's usernames and their one password. */
  demoPeople: DemoPeopleMade | null;
}

/** Boots everything `npm start` needs: secrets, PostgreSQL (embedded unless DATABASE_URL), migrations, seed, HTTP. */
export async function startServer(
  config: Config,
  log: (message: string) => void = console.log,
): Promise<RunningServer> {
  const secrets = await loadOrCreateSecrets(config);
  const database = await bootstrapDatabase(config, secrets, log);
  let app: FastifyInstance | undefined;
  try {
    const adminPassword = config.ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');
    const seeded = await seedDemoTenant(database.owner, {
      tenantLabel: config.DEFAULT_TENANT,
      adminPasswordHash: await hashPassword(adminPassword),
      securityStamp: newSecurityStamp(),
    });
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.dataDir,
      log,
    });
    app = await buildApp({ config, secrets, database, mailer });
    // Before listening, so the first page anyone opens already shows the example business.
    const demoPeople = config.DEMO_CONTENT
      ? await makeDemoContent(
          app,
          database.owner,
          {
            ...seeded,
            host: 'localhost',
            ...(seeded.createdAdmin || config.ADMIN_PASSWORD
              ? { admin: { username: seeded.adminUsername, password: adminPassword } }
              : {}),
          },
          log,
        )
      : null;
    const url = await app.listen({ port: config.PORT, host: config.HOST });
    const firstAdmin = seeded.createdAdmin
      ? { username: seeded.adminUsername, password: adminPassword }
      : null;
    if (firstAdmin && !config.ADMIN_PASSWORD) {
      // Kept so a newcomer who missed the banner can still sign in; change the password after.
      await writeFile(
        path.join(config.dataDir, 'initial-admin.txt'),
        `username: ${firstAdmin.username}\npassword: ${firstAdmin.password}\n`,
        { mode: 0o600 },
      );
    }
    if (demoPeople) {
      await writeFile(
        path.join(config.dataDir, 'demo-people.txt'),
        `usernames: ${demoPeople.usernames.join(', ')}\npassword: ${demoPeople.password}\n`,
        { mode: 0o600 },
      );
    }
    const running = app;
    return {
      app: running,
      url,
      firstAdmin,
      demoPeople,
      stop: async () => {
        await running.close();
        mailer.close();
        await database.close();
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close();
    throw error;
  }
}
