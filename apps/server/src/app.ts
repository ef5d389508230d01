import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { msg } from '@formloop/contracts';
import type { Config } from './platform/config/config.ts';
import type { Secrets } from './platform/config/secrets.ts';
import type { DatabaseHandles } from './platform/database/bootstrap.ts';
import { createTenantDb } from './platform/database/tenant-db.ts';
import { createAuthenticate } from './platform/auth/request-auth.ts';
import { createSessionCache } from './platform/auth/session-cache.ts';
import { createTokenService } from './platform/auth/tokens.ts';
import { errorReply, registerErrorHandler } from './platform/http/error-handler.ts';
import { serializeRequestForLog } from './platform/http/log-redaction.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { cachedTenantLookup, registerTenantResolver } from './platform/tenancy/tenant-resolver.ts';
import { registerIdentityModule } from './modules/identity/identity.module.ts';
import { registerProfileModule } from './modules/profile/profile.module.ts';
import { registerAuditTrailModule } from './modules/audit-trail/audit-trail.module.ts';
import { registerModuleCategoryModule } from './modules/module-categories/module-category.module.ts';
import { registerOrganizationModule } from './modules/organization/organization.module.ts';
import { registerUserModule } from './modules/users/users.module.ts';
import { registerTeamModule } from './modules/teams/teams.module.ts';
import { registerRoleModule } from './modules/roles/roles.module.ts';
import { registerMenuModule } from './modules/menus/menus.module.ts';
import { registerAppsModule } from './modules/apps/apps.module.ts';
import { registerAppSettingsModule } from './modules/app-settings/app-settings.module.ts';
import { registerReferenceDataModule } from './modules/reference-data/reference-data.module.ts';
import { registerRecordsModule } from './modules/records/records.module.ts';
import { registerWorkflowModule } from './modules/workflow/workflow.module.ts';
import { startWorkflowWorker, workflowJobEffects } from './modules/workflow/workflow-jobs.ts';
import { startJobQueue } from './platform/jobs/job-queue.ts';
import {
  recordIndexRemover,
  recordIndexScheduler,
  registerRecordListsModule,
} from './modules/record-lists/record-lists.module.ts';
import { registerFilesModule } from './modules/files/files.module.ts';
import { startOrphanFileSweeper } from './modules/files/orphan-files.ts';
import { registerRecordLookupsModule } from './modules/record-lookups/record-lookups.module.ts';
import { registerRecordImportModule } from './modules/record-import/record-import.module.ts';
import { registerTasksModule } from './modules/tasks/tasks.module.ts';
import { startEventMailWorker, tenantLinkOrigin } from './modules/workflow-notices/event-mail-worker.ts';
import { registerTaskSchedulerModule } from './modules/task-scheduler/task-scheduler.module.ts';
import { registerHub } from './platform/realtime/hub.ts';
import { registerProcessEngineModule } from './modules/process-engine/process-engine.module.ts';
import { registerSsoModule } from './modules/sso/sso.module.ts';
import { notificationRoutes } from './modules/notifications/notification.routes.ts';
import { createNotificationService } from './modules/notifications/notification.service.ts';
import { createTenantRepository } from './modules/tenancy/tenant.repository.ts';
import { tenantRoutes } from './modules/tenancy/tenant.routes.ts';
import { createTenantService } from './modules/tenancy/tenant.service.ts';

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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

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
  // Publishing an app builds its record list indexes (owner pool, in the background).
  await registerAppsModule(app, {
    db,
    guard,
    onPublished: recordIndexScheduler(database.owner, app.log),
    onDeleted: recordIndexRemover(database.owner, app.log),
  });
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
  await registerWorkflowModule(app, { db, guard, jobs });
  await registerTasksModule(app, { db, guard });
  // Server push at /TaskHub: WebSockets, fanned out across nodes by LISTEN/NOTIFY.
  await registerHub(app, { config, secrets, database, guard });
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

  await registerWebApp(app, config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : DEFAULT_WEB_DIST);
  return app;
}

/** Serves the built SPA; unknown non-API GETs get index.html so client-side routes survive a reload. */
async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
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
