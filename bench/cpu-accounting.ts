// Where the CPU of a load phase went, per request: the server process, the PostgreSQL processes it
// started (its descendants), and this benchmark process (autocannon or the raw pg loops). On a
// shared 2-core machine rates swing with other work; CPU time per request is far steadier, so it
// says whether a change made a request cheaper even when the rate can't show it.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

export interface CpuParts {
  server: number;
  /** Per PostgreSQL process: backends and autovacuum workers come and go between snapshots. */
  postgres: Map<number, { seconds: number; background: boolean }>;
  bench: number;
}

let watchedServerPid: number | null = null;

/** Account the server process with this pid (and its descendants as PostgreSQL) from now on. */
export function watchServerCpu(pid: number | undefined): void {
  watchedServerPid = pid ?? null;
}

interface ProcessInfo {
  parent: number;
  seconds: number;
}

/** The process title PostgreSQL gives itself ("postgres: checkpointer", "postgres: app db 127.0.0.1(…)"). */
function titleOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return ''; // the process ended meanwhile
  }
}

/**
 * PostgreSQL's own processes (checkpointer, background and WAL writers, autovacuum, …) as opposed to
 * the backends serving connections, whose titles name the role and the client's address.
 */
const isBackgroundTitle = (title: string) => !/\d+\.\d+\.\d+\.\d+\(\d+\)|\[local\]/.test(title);

function processTable(): Map<number, ProcessInfo> {
  const table = new Map<number, ProcessInfo>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields follow its closing one.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      table.set(Number(entry), { parent: Number(fields[1]), seconds: ticks / TICKS_PER_SECOND });
    } catch {
      // The process ended while the table was read.
    }
  }
  return table;
}

/** CPU seconds used so far by the watched server, its PostgreSQL descendants and this process. */
export function cpuSnapshot(): CpuParts | null {
  if (watchedServerPid === null) return null;
  const table = processTable();
  const descendants = new Set<number>([watchedServerPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, info] of table)
      if (!descendants.has(pid) && descendants.has(info.parent)) {
        descendants.add(pid);
        grew = true;
      }
  }
  const postgres = new Map<number, { seconds: number; background: boolean }>();
  for (const pid of descendants) {
    const info = table.get(pid);
    if (pid !== watchedServerPid && info)
      postgres.set(pid, { seconds: info.seconds, background: isBackgroundTitle(titleOf(pid)) });
  }
  const own = process.cpuUsage();
  return {
    server: table.get(watchedServerPid)?.seconds ?? 0,
    postgres,
    bench: (own.user + own.system) / 1e6,
  };
}

/** Milliseconds of CPU per request between two snapshots, as a short note. */
export function cpuPerRequest(before: CpuParts | null, after: CpuParts | null, requests: number): string {
  if (!before || !after || requests === 0) return 'CPU not measured';
  const per = (seconds: number) => ((seconds * 1000) / requests).toFixed(3);
  // A process that ended in between is not counted (its last ticks are unknown); one that started
  // counts from zero.
  let backends = 0;
  let background = 0;
  for (const [pid, { seconds, background: isBackground }] of after.postgres) {
    const used = seconds - (before.postgres.get(pid)?.seconds ?? 0);
    if (isBackground) background += used;
    else backends += used;
  }
  return `CPU per request: server ${per(after.server - before.server)} ms, PostgreSQL ${per(backends + background)} ms (its background processes ${per(background)} ms), benchmark ${per(after.bench - before.bench)} ms`;
}
