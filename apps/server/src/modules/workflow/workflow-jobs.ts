import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { escapeHtml, templateValueText } from '@formloop/domain';
import { evaluateFormula } from '@formloop/formula';
import type {
  HttpRequestProperties,
  JobActivityType,
  SendEmailProperties,
  SetFieldProperties,
} from '@formloop/workflow';
import { OUTCOME } from '@formloop/workflow';
import { connectionOf, type TenantDb, type TenantTx } from '../../platform/database/tenant-db.ts';
import { executorOf } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { RemoteError, remoteFetch, type FetchPolicy } from '../../platform/outbound/remote-fetch.ts';
import {
  pinnedDefinitionOf,
  runTransition,
  type JobEffects,
  type TransitionFacts,
} from './workflow-runner.ts';
import { lockInstance } from './workflow.repository.ts';

// Job activities (send e-mail, HTTP request, set field, timer) run as pg-boss jobs with retries: the
// transition that reaches one adds its job in the same transaction; a worker runs it and reports back
// with a jobCompleted transition, or — retries exhausted — faults the instance with the error, so a
// failing activity never loses its instance. Side effects (mail, HTTP) run outside any transaction;
// the report then checks that the instance still waits for this very activation (a withdrawn,
// restarted or sent-back instance ignores the late answer of an old one).

export const WORKFLOW_QUEUE = 'workflow-activity';
const RETRY_LIMIT = 3;

export interface ActivityJob {
  tenantId: string;
  instanceId: string;
  /** The record's app (statements on records name it, ADR 0013); absent from jobs queued before it was added. */
  moduleId?: string;
  recordId: string;
  activityId: string;
  /** When the instance started waiting for it: identifies this activation. */
  since: string;
  activityType: JobActivityType;
  properties: Record<string, unknown>;
}

/** The job effects of transitions, added to the queue inside the transition's own transaction. */
export function workflowJobEffects(boss: PgBoss): JobEffects {
  const effects: JobEffects = async (tx, tenantId, instance, effect) => {
    if (effect.type === 'cancelJobs') return; // late answers of cancelled activations are ignored
    const job: ActivityJob = {
      tenantId,
      instanceId: instance.id,
      moduleId: instance.module_id,
      recordId: instance.record_id,
      activityId: effect.activityId,
      since: blockingSince(instance, effect.activityId),
      activityType: effect.activityType,
      properties: effect.properties,
    };
    await boss.send(WORKFLOW_QUEUE, job, {
      retryLimit: RETRY_LIMIT,
      retryBackoff: true,
      retryDelay: 1,
      ...(effect.runAt ? { startAfter: new Date(effect.runAt) } : {}),
      db: executorOf(connectionOf(tx)),
    });
  };
  // The event e-mails of transitions (workflow-notices) go into the same transaction, in one statement.
  effects.enqueue = async (tx, jobs) => {
    if (jobs.length > 0) await boss.insert(jobs, { db: executorOf(connectionOf(tx)) });
  };
  return effects;
}

function blockingSince(
  instance: { state: { blocking: Array<{ activityId: string; since: string }> } },
  id: string,
) {
  return instance.state.blocking.find((blocking) => blocking.activityId === id)?.since ?? '';
}

interface RecordView {
  data: Record<string, unknown>;
  initiatorEmail: string | null;
}

/** The job's record: its values and its initiator's address. */
async function recordView(tx: TenantTx, job: ActivityJob): Promise<RecordView> {
  // A job queued before jobs carried the app finds it on its instance.
  const moduleId =
    job.moduleId ??
    (
      await tx.execute<{ module_id: string }>(sql`
        SELECT module_id FROM workflow_instances WHERE tenant_id = ${job.tenantId} AND id = ${job.instanceId}`)
    ).rows[0]?.module_id;
  if (!moduleId) return { data: {}, initiatorEmail: null };
  const result = await tx.execute<{ data: Record<string, unknown>; email: string | null }>(sql`
    SELECT r.data, u.email FROM records r
    LEFT JOIN users u ON u.id = coalesce(r.workflow_initiator_user, r.created_by)
    WHERE r.tenant_id = ${job.tenantId} AND r.module_id = ${moduleId} AND r.id = ${job.recordId}`);
  const row = result.rows[0];
  return { data: row?.data ?? {}, initiatorEmail: row?.email ?? null };
}

const ENCODE = { text: (text: string) => text, html: escapeHtml, url: encodeURIComponent };

/**
 * `{field}` placeholders filled with the record's values, encoded for where they land: escaped in
 * HTML, percent-encoded in addresses (a value can never add markup or query parameters).
 */
export function fillPlaceholders(
  template: string,
  data: Record<string, unknown>,
  encoding: keyof typeof ENCODE = 'text',
): string {
  return template.replace(/\{([A-Za-z0-9_.-]+)\}/g, (whole, name: string) =>
    name in data ? ENCODE[encoding](templateValueText(data[name])) : whole,
  );
}

/** What running the activity produced: its outcome, and for SetField the value to write. */
interface Ran {
  outcome: string;
  setField?: { field: string; value: unknown };
}

async function runActivity(
  job: ActivityJob,
  record: RecordView,
  mailer: Mailer,
  policy: FetchPolicy,
): Promise<Ran> {
  switch (job.activityType) {
    case 'Timer':
      return { outcome: OUTCOME.done };
    case 'SetField': {
      const properties = job.properties as unknown as SetFieldProperties;
      const result = evaluateFormula(properties.value, record.data);
      if (result.error)
        throw new Error(`The value of '${properties.field}' could not be computed: ${result.error.message}`);
      return { outcome: OUTCOME.done, setField: { field: properties.field, value: result.value } };
    }
    case 'SendEmail': {
      const properties = job.properties as unknown as SendEmailProperties;
      const to = fillPlaceholders(properties.to, record.data)
        .split(/[,;]/)
        .map((address) => address.trim())
        .map((address) => (address.toLowerCase() === 'initiator' ? (record.initiatorEmail ?? '') : address))
        .filter((address) => address.includes('@'));
      if (to.length === 0) throw new Error('The e-mail has no valid recipient.');
      const text = fillPlaceholders(properties.body, record.data);
      await mailer.send({
        to: to.join(', '),
        subject: fillPlaceholders(properties.subject, record.data).replace(/[\r\n]+/g, ' '),
        text,
        html: fillPlaceholders(escapeHtml(properties.body), record.data, 'html').replace(/\n/g, '<br>'),
      });
      return { outcome: OUTCOME.done };
    }
    case 'HttpRequest': {
      const properties = job.properties as unknown as HttpRequestProperties;
      const method = properties.method ?? 'GET';
      const withBody = method !== 'GET' && method !== 'DELETE' && Boolean(properties.body);
      // Through the RemoteUrl client: http(s) only, public addresses only (unless the deployment
      // allows private ones), pinned to the checked address, bounded in time and size.
      const answer = await remoteFetch(
        {
          url: new URL(fillPlaceholders(properties.url, record.data, 'url')),
          method,
          headers: properties.headers ?? {},
          body: withBody ? Buffer.from(fillPlaceholders(properties.body!, record.data)) : undefined,
        },
        policy,
      );
      const expected = properties.expectedStatus?.length
        ? properties.expectedStatus.includes(answer.status)
        : answer.status >= 200 && answer.status < 300;
      return { outcome: expected ? OUTCOME.done : OUTCOME.unsupportedStatus };
    }
  }
}

/** Reports a job's result (or its final failure) to its instance, if it still waits for this activation. */
async function report(
  db: TenantDb,
  job: ActivityJob,
  result: { ran: Ran } | { error: string },
  jobs: JobEffects,
): Promise<void> {
  await db.inTenant(job.tenantId, async (tx) => {
    const instance = await lockInstance(tx, job.tenantId, job.instanceId);
    const waiting = instance?.state.blocking.some(
      (blocking) =>
        blocking.activityId === job.activityId && blocking.kind === 'job' && blocking.since === job.since,
    );
    if (!instance || !waiting) return;
    const pinned = await pinnedDefinitionOf(tx, job.tenantId, instance);
    if (!pinned) return;
    const facts: TransitionFacts = {
      tenantId: job.tenantId,
      userId: null,
      taskId: null,
      message: null,
      now: new Date(),
      jobs,
    };
    if ('error' in result) {
      await runTransition(tx, facts, instance, pinned, {
        type: 'fault',
        activityId: job.activityId,
        message: result.error,
      });
      return;
    }
    const { setField } = result.ran;
    if (setField) {
      await tx.execute(sql`
        UPDATE records SET data = jsonb_set(data, ARRAY[${setField.field}]::text[], ${JSON.stringify(setField.value ?? null)}::jsonb),
          modified_on = now()
        WHERE tenant_id = ${job.tenantId} AND module_id = ${instance.module_id} AND id = ${instance.record_id}`);
    }
    await runTransition(tx, facts, instance, pinned, {
      type: 'jobCompleted',
      activityId: job.activityId,
      outcome: result.ran.outcome,
    });
  });
}

const REMOTE_FAILURES: Record<RemoteError['problem'], string> = {
  invalidUrl: 'The address is not a valid http(s) address.',
  notAllowed: 'The address is not allowed: internal addresses cannot be called.',
  timeout: 'The request timed out.',
  tooLarge: 'The answer was too large.',
  failed: 'The request failed',
};

/** The error an instance faults with: what an administrator reads on the process engine pages. */
function failureMessage(error: unknown): string {
  if (error instanceof RemoteError) {
    const text = REMOTE_FAILURES[error.problem];
    return error.problem === 'failed' ? `${text}${error.detail ? `: ${error.detail}` : ''}.` : text;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Works the workflow queue: runs each activity, reports back; the last failed try faults the instance. */
export async function startWorkflowWorker(options: {
  boss: PgBoss;
  db: TenantDb;
  mailer: Mailer;
  /** How HTTP request activities may reach out (the RemoteUrl policy of the deployment). */
  fetchPolicy: FetchPolicy;
  log: (message: string, error?: unknown) => void;
}): Promise<void> {
  const { boss, db, mailer, fetchPolicy } = options;
  await boss.createQueue(WORKFLOW_QUEUE);
  const jobs = workflowJobEffects(boss);
  await boss.work<ActivityJob>(WORKFLOW_QUEUE, { includeMetadata: true }, async ([job]) => {
    if (!job) return;
    const data = job.data;
    try {
      const record = await db.readInTenant(data.tenantId, (tx) => recordView(tx, data));
      const ran = await runActivity(data, record, mailer, fetchPolicy);
      await report(db, data, { ran }, jobs);
    } catch (error) {
      const message = failureMessage(error);
      if (job.retryCount < job.retryLimit) throw error; // pg-boss tries again, with backoff
      options.log(`workflow: activity ${data.activityId} failed for good`, error);
      await report(db, data, { error: message }, jobs);
    }
  });
}
