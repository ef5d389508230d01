import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { DEMO_PEOPLE, demoContentSeeded, markDemoContentSeeded, seedDemoPeople } from '@formloop/db';
import { hashPassword, newSecurityStamp } from '../identity/index.ts';
import { seedDemoContent } from './demo-content.ts';

export interface DemoPeopleMade {
  usernames: string[];
  /** The one password of every demo person, made up now (printed once, and kept in the data folder). */
  password: string;
}

export interface DemoTarget {
  tenantId: string;
  /** The system administrator: the onboarding reviews wait for them. */
  adminId: string;
  /** A host the API resolves to the tenant. */
  host: string;
  /** Known at first start: the administrator's quick-launch tiles are set as well. */
  admin?: { username: string; password: string };
}

/**
 * The demo tenant's example business, made once: its people get a new random password, then
 * everything else is made through the API as them; the audit row written last keeps later starts
 * from making it again (a start that stopped half way finishes it). A failure is logged and the
 * server starts all the same, without the example. Answers the people when it made them now.
 */
export async function makeDemoContent(
  app: FastifyInstance,
  owner: pg.Pool,
  target: DemoTarget,
  log: (message: string) => void,
): Promise<DemoPeopleMade | null> {
  if (await demoContentSeeded(owner, target.tenantId)) return null;
  const password = randomBytes(9).toString('base64url');
  const people = await seedDemoPeople(owner, target.tenantId, {
    passwordHash: await hashPassword(password),
    securityStamp: newSecurityStamp,
  });
  try {
    const made = await seedDemoContent(app, {
      host: target.host,
      password,
      adminId: target.adminId,
      people,
      today: new Date(),
      ...(target.admin ? { admin: target.admin } : {}),
    });
    await markDemoContentSeeded(owner, target.tenantId, made);
    return { usernames: Object.values(DEMO_PEOPLE).map((person) => person.username), password };
  } catch (error) {
    log(`The example business could not be made: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
