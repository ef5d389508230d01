import { z } from 'zod';
import { FILE_DEFAULT_MAX_MB } from '@formloop/contracts';
import { resolveDataDir } from './data-dir.ts';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = (protocols: RegExp, what: string) =>
  optionalString.refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), {
    message: `must be a ${what} URL`,
  });

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every setting the server reads from the environment, validated once at boot. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: `data` at the repository root (see data-dir.ts), wherever the server was started from. */
  DATA_DIR: optionalString,
  /** Owner connection (runs migrations). Unset: an embedded PostgreSQL is started in DATA_DIR/pg. */
  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'postgres://'),
  /** Connection for the non-superuser app role; derived from DATABASE_URL when unset. */
  DATABASE_APP_URL: optionalUrl(/^postgres(ql)?:$/, 'postgres://'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  DATABASE_POOL_SIZE: positiveInt(10),
  BASE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+$/, 'must be a host name such as formloop.example.com')
    .default('localhost'),
  DEFAULT_TENANT: z.string().trim().toLowerCase().default('demo'),
  SMTP_URL: optionalUrl(/^smtps?:$/, 'smtp:// or smtps://'),
  MAIL_FROM: z.string().default('Formloop <no-reply@formloop.local>'),
  JWT_PRIVATE_KEY: optionalString,
  JWT_PUBLIC_KEY: optionalString,
  JWT_ACCESS_TTL_SECONDS: positiveInt(3600),
  SESSION_TTL_SECONDS: positiveInt(14 * 24 * 3600),
  LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  LOCKOUT_THRESHOLD: positiveInt(5),
  LOCKOUT_MINUTES: positiveInt(15),
  PASSWORD_RESET_TTL_MINUTES: positiveInt(60),
  ADMIN_PASSWORD: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: optionalString,
  /**
   * How often the realtime hub (/TaskHub) pings each connection. The SignalR client gives up after
   * 30 s without a message, so it must stay well below that.
   */
  HUB_KEEP_ALIVE_INTERVAL_MS: z.coerce.number().int().positive().max(20_000).default(15_000),
  /** Largest file one upload may hold (Upload, UploadBase64). */
  FILE_MAX_MB: z.coerce.number().int().positive().max(1024).default(FILE_DEFAULT_MAX_MB),
  /** Where uploaded files live on local disk; DATA_DIR/files when unset. */
  FILES_DIR: optionalString,
  /**
   * RemoteUrl may call loopback, private, link-local and other internal addresses. Off in
   * production (the proxy would otherwise reach the server's own network); tests turn it on.
   */
  REMOTE_URL_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** How long RemoteUrl waits for the whole exchange, redirects included. */
  REMOTE_URL_TIMEOUT_MS: positiveInt(15_000),
  /** The server's public IP, sent as Gov-Vendor-Public-IP with the MTD fraud-prevention headers. */
  GOV_VENDOR_PUBLIC_IP: optionalString,
  /**
   * The default tenant's example business (apps, records, people, reports, a dashboard), made once at
   * first start. Turn it off for a production installation.
   */
  DEMO_CONTENT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** How often this node looks for due task schedules (issue 8); 0: it does not (other nodes do). */
  SCHEDULER_TICK_MS: z.coerce.number().int().min(0).default(30_000),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.');
        const given = env[key];
        return `${key}: ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`;
      }),
    );
  }
  if (Boolean(parsed.data.JWT_PRIVATE_KEY) !== Boolean(parsed.data.JWT_PUBLIC_KEY)) {
    throw new ConfigError(['JWT_PRIVATE_KEY and JWT_PUBLIC_KEY must be set together (PEM, Ed25519)']);
  }
  return { ...parsed.data, dataDir: resolveDataDir(parsed.data.DATA_DIR) };
}
