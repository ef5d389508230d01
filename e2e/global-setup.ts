import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, seedUsers, startApp } from './support/app-process.ts';
import { startMailDrop } from './support/mail-drop.ts';
import { seedMenus } from './support/menus.ts';
import { ADMIN, USERS } from './support/users.ts';

/**
 * Starts what the journeys need: a real SMTP server, the built app on a fresh embedded PostgreSQL,
 * a second instance whose tokens live 320 s (so the session-expiry modal shows within 20 s), and a
 * third with the example business a first start makes (DEMO_CONTENT).
 * Values reach the test workers through the environment.
 */
export default async function globalSetup() {
  const root = await mkdtemp(path.join(tmpdir(), 'formloop-e2e-'));
  // PostgreSQL runs as the 'postgres' system user when we are root: it must be able to enter the folder.
  await chmod(root, 0o755);
  const mailDir = path.join(root, 'mail-drop');
  const mail = await startMailDrop(mailDir, await freePort());
  // The records journey's external service runs on this machine: let RemoteUrl call private addresses.
  // The journeys arrange their own apps and people: the example business stays out (its own test is
  // modules/demo-content's integration suite and the startup test).
  const common = {
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: mail.url,
    REMOTE_URL_ALLOW_PRIVATE: 'true',
    DEMO_CONTENT: 'false',
  };
  // A third installation as a new customer gets it: the example business made at first start.
  const [main, short, demo] = await Promise.all([
    startApp(path.join(root, 'main'), common),
    startApp(path.join(root, 'short'), { ...common, JWT_ACCESS_TTL_SECONDS: '320' }),
    startApp(path.join(root, 'demo'), { ...common, DEMO_CONTENT: 'true' }),
  ]);
  await seedUsers(main.db, Object.values(USERS));
  await seedMenus(main.db);
  await seedUsers(short.db, [USERS.sam]);

  process.env.E2E_BASE_URL = main.url;
  process.env.E2E_SHORT_TOKEN_URL = short.url;
  process.env.E2E_DEMO_URL = demo.url;
  process.env.E2E_MAIL_DIR = mailDir;

  return async () => {
    await Promise.all([main.stop(), short.stop(), demo.stop()]);
    await mail.close();
    await rm(root, { recursive: true, force: true });
  };
}
