import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  envelope,
  notificationDetailResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationReadQuerySchema,
} from '@formloop/contracts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { createNotificationService } from './notification.service.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';

const errors = errorResponses(400, 401, 404);

/** Spec §7 "Notifications": the top-bar dropdown and /notifications pages. */
export const notificationRoutes = (deps: {
  service: ReturnType<typeof createNotificationService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    app.addHook('preHandler', deps.guard.authenticate);

    app.get(
      API_PATHS.notifications,
      {
        schema: {
          tags: ['notifications'],
          summary: 'My notifications, newest first, 10 a page',
          querystring: notificationListQuerySchema,
          response: { 200: notificationListResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.list(callContext(request), request.auth!, request.query.page)),
    );

    app.get(
      `${API_PATHS.notifications}/:id`,
      {
        schema: {
          tags: ['notifications'],
          summary: 'One notification (for /notifications/{id})',
          params: notificationReadQuerySchema,
          response: { 200: notificationDetailResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.detail(callContext(request), request.auth!, request.params.id)),
    );

    app.post(
      API_PATHS.notificationRead,
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark one notification read',
          querystring: notificationReadQuerySchema,
          response: { 200: envelope(z.null()), ...errors },
        },
      },
      async (request) => {
        await deps.service.markRead(callContext(request), request.auth!, request.query.id);
        return ok(null);
      },
    );

    app.post(
      API_PATHS.notificationsMarkAllRead,
      {
        schema: {
          tags: ['notifications'],
          summary: 'Mark all my notifications read',
          response: { 200: envelope(z.object({ marked: z.number().int() })), ...errors },
        },
      },
      async (request) => ok({ marked: await deps.service.markAllRead(callContext(request), request.auth!) }),
    );
  }) satisfies FastifyPluginAsyncZod;
