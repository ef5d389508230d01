// The paced writer of the isolation benchmark's republish phase: record creates into one app at a
// steady rate through the API while its indexes are rebuilt, every answer's time and outcome kept.
import { performance } from 'node:perf_hooks';
import { RECORDS_PATHS } from '@formloop/contracts';
import { recordData, type TenantClient, type WideField } from './records-isolation-setup.ts';

export interface Write {
  at: number;
  ms: number;
  ok: boolean;
  error?: string;
}

/** Record creates into an app at `perSecond`, paced (open loop: a slow answer delays no other). */
export function startWriter(client: TenantClient, moduleId: string, fields: WideField[], perSecond: number) {
  const writes: Write[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  const fire = (row: number) => {
    const at = performance.now();
    const done = client.call('POST', RECORDS_PATHS.submit, { moduleId, data: recordData(fields, row) }).then(
      () => void writes.push({ at, ms: performance.now() - at, ok: true }),
      (error: unknown) =>
        void writes.push({ at, ms: performance.now() - at, ok: false, error: String(error).slice(0, 200) }),
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
    while (sent < due) fire(10_000_000 + sent++);
  }, 5);
  return {
    writes,
    stop: async () => {
      clearInterval(timer);
      await Promise.all([...inFlight]);
    },
  };
}
