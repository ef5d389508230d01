import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { msg } from '@formloop/contracts';
import type { Config } from './platform/config/config.ts';
import type { Secrets } from './platform/config/secrets.ts';
import type { DatabaseHandles } from './platform/database/bootstrap.ts';
import { createTenantDb } from './platform/database/tenant-db.ts';
import { registerCompression } from './platform/serving/compression.ts';
import { registerSecurityHeaders } from './platform/serving/security-headers.ts';
import { registerBuiltFiles } from './platform/serving/web-app.ts';
import { createAuthenticate } from './platform/auth/request-auth.ts';
import { createSessionCache } from './platform/auth/session-cache.ts';
import { createTokenService } from './platform/auth/tokens.ts';
import { errorReply, registerErrorHandler } from './platform/http/error-handler.ts';
import { frameworkErrorOptions } from './platform/http/framework-errors.ts';
import { registerNulGuard } from './platform/http/nul-guard.ts';
import { serializeRequestForLog } from './platform/http/log-redaction.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { cachedTenantLookup, registerTenantResolver } from './platform/tenancy/tenant-resolver.ts';
import { registerIdentityModule } from './modules/identity/index.ts';
import { registerProfileModule } from './modules/profile/index.ts';
import { registerAuditTrailModule } from './modules/audit-trail/index.ts';
import { registerModuleCategoryModule } from './modules/module-categories/index.ts';
import { registerOrganizationModule } from './modules/organization/index.ts';
import { registerUserModule } from './modules/users/index.ts';
import { registerTeamModule } from './modules/teams/index.ts';
import { registerRoleModule } from './modules/roles/index.ts';
import { registerMenuModule } from './modules/menus/index.ts';
import { registerAppsModule } from './modules/apps/index.ts';
import { registerAppSettingsModule } from './modules/app-settings/index.ts';
import { registerReferenceDataModule } from './modules/reference-data/index.ts';
import { registerRecordsModule } from './modules/records/index.ts';
import { registerTaskActionsModule } from './modules/task-actions/index.ts';
import { startWorkflowWorker, workflowJobEffects } from './modules/workflow/index.ts';
import { startJobQueue } from './platform/jobs/job-queue.ts';
import {
  reconcileRecordIndexes,
  recordIndexScheduler,
  registerRecordListsModule,
} from './modules/record-lists/index.ts';
import { registerFilesModule, startOrphanFileSweeper } from './modules/files/index.ts';
import { registerRecordLookupsModule } from './modules/record-lookups/index.ts';
import { registerRecordImportModule } from './modules/record-import/index.ts';
import { registerRecordPrintModule } from './modules/record-print/index.ts';
import { registerReportsModule } from './modules/reports/index.ts';
import { registerDashboardsModule } from './modules/dashboards/index.ts';
import { startAppWriteClock } from './platform/realtime/app-writes.ts';
import { filesDirOf } from './platform/files/file-storage.ts';
import { createLocalFileStorage } from './platform/files/local-file-storage.ts';
import { createQuickLaunchService, registerQuickLaunchModule } from './modules/quick-launch/index.ts';
import { registerTasksModule } from './modules/tasks/index.ts';
import { startEventMailWorker, tenantLinkOrigin } from './modules/workflow-notices/index.ts';
import { registerTaskSchedulerModule } from './modules/task-scheduler/index.ts';
import { registerHub } from './platform/realtime/hub.ts';
import { registerProcessEngineModule } from './modules/process-engine/index.ts';
import { registerSsoModule } from './modules/sso/index.ts';
import { notificationRoutes, createNotificationService } from './modules/notifications/index.ts';
import { createTenantRepository, tenantRoutes, createTenantService } from './modules/tenancy/index.ts';

export interface AppDeps {
  config: Config;
  secrets: Secrets;
  database: DatabaseHandles;
  mailer: Mailer;
}

const API_PREFIXES = ['/api/', '/identity/', '/audittrail/', '/TaskHub'];
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Wires the HTTP server: platform plugins first, then one registration per domain module. */
export async function buildApp({ config, secrets, database, mailer }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: serializeRequestForLog },
    },
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Spec §7: calls may take up to an hour (long imports, reports).
    requestTimeout: 3_600_000,
    // Answers given before any route runs (431, 414, a bad URL) keep the API's error envelope.
    ...frameworkErrorOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // U+0000 in any string of any request is a 400 before a schema or handler sees it.
  registerNulGuard(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Security headers on every answer. The built web app's files are sent as the build compressed
  // them, so they are registered before on-the-fly compression, which covers every later route.
  await registerSecurityHeaders(app);
  const distDir = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : DEFAULT_WEB_DIST;
  const webBuilt = existsSync(path.join(distDir, 'index.html'));
  if (webBuilt) await registerBuiltFiles(app, distDir);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => `${request.ip}|${request.headers.host ?? ''}`,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Formloop API',
        version: '0.1.0',
        description: 'Every response is { success, message, data }.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const db = createTenantDb(database.app, database.pipelined, database.reader);
  const tenants = createTenantRepository(db.global);
  const findTenant = cachedTenantLookup(async (label) => {
    const row = await tenants.findByLabel(label);
    return row && { ...row, licenceExpiresOn: row.licenceExpiresOn };
  });
  registerTenantResolver(app, {
    baseDomain: config.BASE_DOMAIN,
    defaultTenant: config.DEFAULT_TENANT,
    findTenant,
  });

  const tokens = await createTokenService({
    privateKeyPem: secrets.jwtPrivateKey,
    publicKeyPem: secrets.jwtPublicKey,
    accessTtlSeconds: config.JWT_ACCESS_TTL_SECONDS,
  });
  app.decorateRequest('auth', null);

  // One cache for every module: a module that ends sessions must drop the guard's cached answers.
  const sessionCache = createSessionCache();
  const guard = await registerIdentityModule(app, {
    db,
    tokens,
    mailer,
    config,
    createAuthenticate,
    sessionCache,
  });
  // Sign-in through the tenant's SAML identity provider or third-party OpenID Connect provider.
  await registerSsoModule(app, { db, guard, tokens, config, sealingKey: secrets.jwtPrivateKey });
  await registerProfileModule(app, { db, sessionCache, guard, config });
  await app.register(notificationRoutes({ service: createNotificationService(db), guard }));
  await registerOrganizationModule(app, { db, guard });
  await registerModuleCategoryModule(app, { db, guard });
  await registerAuditTrailModule(app, { db, guard });
  await registerUserModule(app, { db, guard, mailer, sessionCache, config });
  await registerTeamModule(app, { db, guard });
  await registerRoleModule(app, { db, guard });
  await registerMenuModule(app, { db, guard });
  // Publishing an app builds its record list indexes (owner pool, in the background); deleting it
  // drops its records' partition, and the indexes with it. An app created with addToQuickLaunch
  // becomes its creator's quick-launch tile in the creating transaction.
  const quickLaunch = createQuickLaunchService(db);
  await registerAppsModule(app, {
    db,
    guard,
    onPublished: recordIndexScheduler(database.owner, app.log),
    onCreated: quickLaunch.onAppCreated,
  });
  await registerQuickLaunchModule(app, { db, guard, service: quickLaunch });
  // Every published app's indexes are checked once at start (after migration 0014 the old ones went
  // with the old table): scheduled one at a time behind the queue; startup does not wait.
  reconcileRecordIndexes(database.owner, app.log)
    .then((count) => app.log.info({ apps: count }, 'record list indexes: reconcile scheduled'))
    .catch((err: unknown) => app.log.error({ err }, 'record list indexes: reconcile failed'));
  await registerAppSettingsModule(app, { db, guard });
  await registerReferenceDataModule(app, { db, guard });
  // Workflow job activities (e-mail, HTTP, set field, timers) run on pg-boss; transitions add their
  // jobs in their own transaction, the worker here runs them (every node works the queue).
  const jobQueue = await startJobQueue(
    database.owner,
    (message, error) => app.log.error({ err: error }, message),
    {
      pollingIntervalSeconds: 1,
    },
  );
  app.addHook('onClose', () => jobQueue.stop());
  await startWorkflowWorker({
    boss: jobQueue.boss,
    db,
    mailer,
    fetchPolicy: {
      allowPrivate: config.REMOTE_URL_ALLOW_PRIVATE,
      timeoutMs: config.REMOTE_URL_TIMEOUT_MS,
      maxBytes: 1024 * 1024,
      maxRedirects: 5,
    },
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  const jobs = workflowJobEffects(jobQueue.boss);
  const recordDeps = { db, guard, config, owner: database.owner, jobs };
  await registerRecordsModule(app, recordDeps);
  await registerRecordListsModule(app, recordDeps);
  await registerFilesModule(app, recordDeps);
  await registerRecordLookupsModule(app, recordDeps);
  await registerRecordImportModule(app, recordDeps);
  await registerRecordPrintModule(app, { db, guard });
  await registerReportsModule(app, {
    db,
    guard,
    mailer,
    config,
    background: { boss: jobQueue.boss, storage: createLocalFileStorage(filesDirOf(config)) },
  });
  // Which apps' records changed (card caches): every node LISTENs, like the hub.
  const clock = await startAppWriteClock(database.app, {
    warn: (message, error) => app.log.warn({ err: error }, message),
    info: (message) => app.log.info(message),
  });
  app.addHook('onClose', () => clock.stop());
  await registerDashboardsModule(app, { db, guard, clock });
  await registerTaskActionsModule(app, { db, guard, jobs });
  await registerTasksModule(app, { db, guard });
  // Server push at /TaskHub: WebSockets, fanned out across nodes by LISTEN/NOTIFY.
  await registerHub(app, { config, secrets, database, guard, appWrites: clock });
  // Workflow event notices: events write their notifications (pushed on commit) and queue their
  // e-mails themselves; the e-mails are sent here (every node works the queue).
  await startEventMailWorker({
    boss: jobQueue.boss,
    db,
    mailer,
    linkOrigin: tenantLinkOrigin(config),
    log: (message, error) => app.log.warn({ err: error }, message),
  });
  // Uploads no saved entry took are removed after a day (hourly, one run for the whole installation).
  await startOrphanFileSweeper({ boss: jobQueue.boss, owner: database.owner, config, log: app.log });
  await registerTaskSchedulerModule(app, { db, guard, config, jobs });
  await registerProcessEngineModule(app, { db, guard, jobs });
  await app.register(
    tenantRoutes(createTenantService(findTenant), {
      baseDomain: config.BASE_DOMAIN,
      rateLimitPerMinute: config.LOGIN_RATE_LIMIT_PER_MINUTE,
    }),
  );

  registerWebApp(app, webBuilt);
  return app;
}

/** Unknown non-API GETs get the built SPA's index.html, so client-side routes survive a reload. */
function registerWebApp(app: FastifyInstance, built: boolean): void {
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (request.method === 'GET' && !isApi && (request.headers.accept ?? '').includes('text/html')) {
      if (built) return reply.type('text/html').sendFile('index.html');
      return reply
        .type('text/plain')
        .send('The web app has not been built. Run `npm start` (it builds it) or `npm run build:web`.');
    }
    return reply.status(404).send(errorReply('NOT_FOUND', msg('server.notFound')));
  });
}
