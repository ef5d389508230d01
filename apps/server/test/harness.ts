import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { APP_ROLE } from '@formloop/db';
import type { UserKind } from '@formloop/domain';
import { encryptLoginPayload } from '@formloop/domain';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config/config.ts';
import { loadOrCreateSecrets } from '../src/platform/config/secrets.ts';
import { bootstrapDatabase } from '../src/platform/database/bootstrap.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';
import { hashPassword, newSecurityStamp } from '../src/modules/identity/index.ts';
import { TEMPLATE_DB } from './global-setup.ts';

export const BASE_DOMAIN = 'formloop.test';
export const hostOf = (label: string) => `${label}.${BASE_DOMAIN}`;

export interface TestServer {
  app: FastifyInstance;
  /** Superuser pool on this file's database (sees everything; for arranging and asserting). */
  owner: pg.Pool;
  appRoleUrl: string;
  createTenant(label: string, extra?: { licenceExpiresOn?: string }): Promise<string>;
  createUser(tenantLabel: string, user: TestUserInput): Promise<string>;
  client(tenantLabel: string): TestClient;
  close(): Promise<void>;
}

export interface TestUserInput {
  username: string;
  password: string;
  kind?: UserKind;
  email?: string;
  totpSecret?: string;
  isActive?: boolean;
}

/** A fresh database cloned from the migrated template, and the real app built on it. */
export async function createTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const { port, superuserPassword, appPassword } = inject('pg');
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  const url = (db: string, user = 'postgres', password = superuserPassword) =>
    `postgres://${user}:${password}@127.0.0.1:${port}/${db}`;
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();

  const dataDir = await mkdtemp(path.join(tmpdir(), 'formloop-data-'));
  const appRoleUrl = url(dbName, APP_ROLE, appPassword);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: url(dbName),
    DATABASE_APP_URL: appRoleUrl,
    BASE_DOMAIN,
    DEFAULT_TENANT: 'acme',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    DATABASE_POOL_SIZE: '4',
    ...env,
  });
  const secrets = await loadOrCreateSecrets(config);
  const database = await bootstrapDatabase(config, secrets, () => {});
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir, log: () => {} });
  const app = await buildApp({ config, secrets, database, mailer });
  await app.ready();
  const owner = database.owner;

  const tenantIds = new Map<string, string>();
  const server: TestServer = {
    app,
    owner,
    appRoleUrl,
    async createTenant(label, extra = {}) {
      const { rows } = await owner.query<{ id: string }>(
        `INSERT INTO tenants (name, label, company, support_email, person_in_charge_phone, licence_expires_on)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          label.toUpperCase(),
          label,
          `${label} Ltd`,
          `help@${label}.example`,
          '+1 555 0100',
          extra.licenceExpiresOn ?? null,
        ],
      );
      tenantIds.set(label, rows[0]!.id);
      return rows[0]!.id;
    },
    async createUser(tenantLabel, user) {
      const tenantId = tenantIds.get(tenantLabel) ?? (await server.createTenant(tenantLabel));
      const { rows } = await owner.query<{ id: string }>(
        `INSERT INTO users (tenant_id, username, email, fullname, user_kind, password_hash, security_stamp,
                            two_factor_enabled, totp_secret, is_active)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [
          tenantId,
          user.username,
          user.email ?? `${user.username}@${tenantLabel}.example`,
          `${user.username} Tester`,
          user.kind ?? 'USER',
          await hashPassword(user.password),
          newSecurityStamp(),
          Boolean(user.totpSecret),
          user.totpSecret ?? null,
          user.isActive ?? true,
        ],
      );
      return rows[0]!.id;
    },
    client: (tenantLabel) => new TestClient(app, hostOf(tenantLabel)),
    async close() {
      await app.close();
      mailer.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
      const drop = new pg.Client({ connectionString: url('postgres') });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await drop.end();
    },
  };
  return server;
}

/** A browser-like caller on one host: keeps cookies between calls, sends the bearer token once it has one. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  token: string | null = null;

  constructor(
    private readonly app: FastifyInstance,
    readonly host: string,
  ) {}

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse & { json: () => any }> {
    const headers: Record<string, string> = { host: this.host, ...options.headers };
    if (this.cookies.size) headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.token && !headers['authorization']) headers['authorization'] = `Bearer ${this.token}`;
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now()) || !cookie.value;
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response as LightMyRequestResponse & { json: () => any };
  }

  get = (url: string, headers?: Record<string, string>) =>
    this.request('GET', url, headers ? { headers } : {});
  post = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', url, { body: body ?? {}, ...(headers ? { headers } : {}) });
  put = (url: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('PUT', url, { body: body ?? {}, ...(headers ? { headers } : {}) });

  /** authenticateiso with the spec's encrypted JSON-string body. */
  async authenticate(username: string, password: string) {
    const cipher = await encryptLoginPayload({ username, password });
    return this.request('POST', '/identity/authenticateiso', { rawBody: JSON.stringify(cipher) });
  }

  /** The whole password sign-in (no second factor): returns the session-token data. */
  async signIn(username: string, password: string) {
    const auth = await this.authenticate(username, password);
    if (auth.statusCode !== 200 || auth.json().data.requiresTwoFactor) {
      throw new Error(`sign-in failed: ${auth.statusCode} ${auth.body}`);
    }
    return this.fetchSessionToken();
  }

  async fetchSessionToken() {
    const res = await this.post('/identity/token');
    if (res.statusCode !== 200) throw new Error(`token request failed: ${res.statusCode} ${res.body}`);
    const data = res.json().data;
    this.token = data.token;
    return data;
  }
}
