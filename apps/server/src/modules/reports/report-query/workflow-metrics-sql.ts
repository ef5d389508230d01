import { sql, type SQL } from 'drizzle-orm';

// Workflow metrics of one app from its tasks (workflow_tasks, kept per task with its start,
// completion and outcome): time in each activity (median, 90th percentile), work waiting per
// activity and assignee, weekly throughput in the organization's calendar, and how often each
// activity rejected or sent work back. Every statement names the tenant and the app.

const HOURS = sql.raw('extract(epoch FROM (t.completed_on - t.started_on)) / 3600.0');

export const activityMetricsSql = (tenantId: string, moduleId: string): SQL => sql`SELECT t.activity_id,
  (array_agg(t.activity_title ORDER BY t.started_on DESC))[1] AS title,
  count(*) FILTER (WHERE t.status = 'Completed')::int AS completed,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY ${HOURS}) FILTER (WHERE t.status = 'Completed' AND t.completed_on IS NOT NULL) AS p50,
  percentile_cont(0.9) WITHIN GROUP (ORDER BY ${HOURS}) FILTER (WHERE t.status = 'Completed' AND t.completed_on IS NOT NULL) AS p90,
  count(*) FILTER (WHERE t.status = 'Open')::int AS waiting,
  count(*) FILTER (WHERE t.status = 'Completed' AND t.outcome = 'Reject')::int AS rejected,
  count(*) FILTER (WHERE t.status = 'Completed' AND t.outcome = 'SendBack')::int AS sent_back
FROM workflow_tasks t
WHERE t.tenant_id = ${tenantId}::uuid AND t.module_id = ${moduleId}::uuid
GROUP BY t.activity_id
ORDER BY min(t.started_on), t.activity_id`;

export const waitingByAssigneeSql = (tenantId: string, moduleId: string): SQL => sql`SELECT t.activity_id,
  (array_agg(t.activity_title ORDER BY t.started_on DESC))[1] AS title,
  a.user_id::text AS user_id, coalesce(u.fullname, '') AS name, count(*)::int AS waiting
FROM workflow_tasks t
JOIN workflow_task_assignees a ON a.task_id = t.id AND a.tenant_id = t.tenant_id
LEFT JOIN users u ON u.id = a.user_id AND u.tenant_id = t.tenant_id
WHERE t.tenant_id = ${tenantId}::uuid AND t.module_id = ${moduleId}::uuid AND t.status = 'Open'
GROUP BY t.activity_id, a.user_id, u.fullname
ORDER BY waiting DESC, name, t.activity_id`;

/** Completed tasks per week of the zone, the last `weeks` weeks (this one included), gaps as zero. */
export const throughputSql = (tenantId: string, moduleId: string, timeZone: string, weeks: number): SQL => {
  const zone = sql`${timeZone}::text`;
  const thisWeek = sql`date_trunc('week', now() AT TIME ZONE ${zone})`;
  return sql`SELECT to_char(w.week, 'YYYY-MM-DD') AS week, coalesce(c.completed, 0)::int AS completed
FROM generate_series(${thisWeek} - make_interval(weeks => ${weeks - 1}), ${thisWeek}, interval '1 week') AS w(week)
LEFT JOIN (
  SELECT date_trunc('week', t.completed_on AT TIME ZONE ${zone}) AS week, count(*) AS completed
  FROM workflow_tasks t
  WHERE t.tenant_id = ${tenantId}::uuid AND t.module_id = ${moduleId}::uuid AND t.status = 'Completed'
    AND t.completed_on >= (${thisWeek} - make_interval(weeks => ${weeks - 1})) AT TIME ZONE ${zone}
  GROUP BY 1
) c ON c.week = w.week
ORDER BY w.week`;
};
