import type { WorkflowMetrics } from '@formloop/contracts';
import { readRows, type TenantTx } from '../../platform/database/tenant-db.ts';
import {
  activityMetricsSql,
  throughputSql,
  waitingByAssigneeSql,
} from './report-query/workflow-metrics-sql.ts';

// The ready-made workflow cards of one app (issue 24 item 9), read in the caller's transaction.

const hours = (value: unknown): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100;
const share = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

export async function workflowMetricsOf(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  timeZone: string,
  weeks: number,
): Promise<WorkflowMetrics> {
  const activities = await readRows<{
    activity_id: string;
    title: string;
    completed: number;
    p50: unknown;
    p90: unknown;
    waiting: number;
    rejected: number;
    sent_back: number;
  }>(tx, activityMetricsSql(tenantId, moduleId));
  const waiting = await readRows<{
    activity_id: string;
    title: string;
    user_id: string;
    name: string;
    waiting: number;
  }>(tx, waitingByAssigneeSql(tenantId, moduleId));
  const throughput = await readRows<{ week: string; completed: number }>(
    tx,
    throughputSql(tenantId, moduleId, timeZone, weeks),
  );
  return {
    activities: activities.map((row) => ({
      activityId: row.activity_id,
      title: row.title,
      completed: row.completed,
      p50Hours: hours(row.p50),
      p90Hours: hours(row.p90),
      waiting: row.waiting,
      rejected: row.rejected,
      sentBack: row.sent_back,
      rejectedRate: share(row.rejected, row.completed),
      sentBackRate: share(row.sent_back, row.completed),
    })),
    waitingByAssignee: waiting.map((row) => ({
      activityId: row.activity_id,
      title: row.title,
      userId: row.user_id,
      name: row.name,
      waiting: row.waiting,
    })),
    throughput: throughput.map((row) => ({ week: row.week, completed: row.completed })),
  };
}
