import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TASK_SCHEDULER_MESSAGES,
  TASK_SCHEDULER_PATHS,
  deleteScheduleBodySchema,
  deletedScheduleResponseSchema,
  saveScheduleBodySchema,
  scheduleActionBodySchema,
  scheduleActivitiesQuerySchema,
  scheduleActivitiesResponseSchema,
  scheduleDataTableRequestSchema,
  scheduleDataTableResponseSchema,
  scheduleDetailResponseSchema,
  scheduleIdParamsSchema,
  schedulePreviewBodySchema,
  schedulePreviewResponseSchema,
} from '@formloop/contracts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createTaskSchedulerService } from './task-scheduler.service.ts';

const tags = ['task scheduler'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404);

const WHO =
  'For users who may create records in the schedule’s app (its create grant; builders: every app): ' +
  'others 403. An app the caller cannot see, an unpublished app, and unknown, malformed or other ' +
  `tenants’ schedule ids: 404 ("${TASK_SCHEDULER_MESSAGES.notFound}" for schedules).`;

/** Task scheduler (spec §7 /api/TaskScheduler/*): schedules that create an app's records on a cron. */
export const taskSchedulerRoutes = (deps: {
  service: ReturnType<typeof createTaskSchedulerService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;

    app.post(
      TASK_SCHEDULER_PATHS.save,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Creates a schedule (no schedule_id) or changes one',
          description:
            'cron: 5 fields (minute hour day-of-month month day-of-week) or 6 with seconds first (croner ' +
            'syntax), read in time_zone (an IANA zone; default the organization’s). record_values are checked ' +
            'like a record save of the app’s published form (submit: as a submission); their problems come ' +
            'back as fields record_values.<field>. Records are created as the user who saved the schedule ' +
            `last; an active schedule’s next run is the first one after now. ${WHO}`,
          body: saveScheduleBodySchema,
          response: { 200: scheduleDetailResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.save(callContext(request), request.auth!, request.body),
          TASK_SCHEDULER_MESSAGES.saved,
        ),
    );

    app.post(
      TASK_SCHEDULER_PATHS.datatables,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The app’s schedules (page, length, search over name and cron, orders)',
          description: `Newest first unless ordered. ${WHO}`,
          body: scheduleDataTableRequestSchema,
          response: { 200: scheduleDataTableResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.list(callContext(request), request.auth!, request.body)),
    );

    app.post(
      TASK_SCHEDULER_PATHS.delete,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Deletes a schedule and its activity log (records it created stay)',
          description: WHO,
          body: deleteScheduleBodySchema,
          response: { 200: deletedScheduleResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.remove(callContext(request), request.auth!, request.body),
          TASK_SCHEDULER_MESSAGES.deleted,
        ),
    );

    app.post(
      TASK_SCHEDULER_PATHS.action,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Pauses (status paused) or resumes (status active) a schedule',
          description:
            'Logged in the activity log. A resumed schedule runs next at its first run after now: runs ' +
            `that fell in the pause are not made up. ${WHO}`,
          body: scheduleActionBodySchema,
          response: { 200: scheduleDetailResponseSchema, ...errors },
        },
      },
      async (request) => {
        const detail = await deps.service.action(callContext(request), request.auth!, request.body);
        const message =
          request.body.status === 'paused' ? TASK_SCHEDULER_MESSAGES.paused : TASK_SCHEDULER_MESSAGES.resumed;
        return ok(detail, message);
      },
    );

    app.get(
      TASK_SCHEDULER_PATHS.detail,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'One schedule, with its record values and its next 5 runs',
          description: WHO,
          params: scheduleIdParamsSchema,
          response: { 200: scheduleDetailResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.detail(callContext(request), request.auth!, request.params.id)),
    );

    app.get(
      TASK_SCHEDULER_PATHS.activities,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A schedule’s activity log, newest first (page 1, length 10 by default)',
          description:
            'outcome: created (record_id names the record), failed (message says why), missed (runs skipped ' +
            'while no server ran; missed_count of them, scheduled_for the first), paused, resumed, saved ' +
            `(user_name did it). ${WHO}`,
          params: scheduleIdParamsSchema,
          querystring: scheduleActivitiesQuerySchema,
          response: { 200: scheduleActivitiesResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.activities(
            callContext(request),
            request.auth!,
            request.params.id,
            request.query,
          ),
        ),
    );

    app.post(
      TASK_SCHEDULER_PATHS.preview,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Checks a cron expression and answers its next 5 runs in a time zone',
          description:
            'time_zone defaults to the organization’s. An invalid expression or zone: 400 on its field.',
          body: schedulePreviewBodySchema,
          response: { 200: schedulePreviewResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.preview(callContext(request), request.body)),
    );
  }) satisfies FastifyPluginAsyncZod;
