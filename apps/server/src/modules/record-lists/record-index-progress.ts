import type pg from 'pg';
import { recordPartitionOf } from './record-index-plan.ts';

// The progress of the list index builds of this process (record-indexes.ts feeds it), as the
// builder sees it through GET indexprogress: per app, what the build creates and how far it is, with
// the running CREATE INDEX's own counters from pg_stat_progress_create_index (by the partition).
// Another server process answers 'idle' for a build it does not run.

export type IndexBuildState = 'idle' | 'queued' | 'building' | 'done' | 'failed';

export interface IndexBuildProgress {
  state: IndexBuildState;
  /** Indexes this build creates (those the partition lacks). */
  planned: number;
  /** Of those, built so far. */
  built: number;
  /** The field of the index being built, and its label. */
  field: string | null;
  fieldLabel: string | null;
  method: 'btree' | 'trigram' | null;
  /** The current build's phase and counters (pg_stat_progress_create_index); null between builds. */
  phase: string | null;
  blocksDone: number | null;
  blocksTotal: number | null;
  tuplesDone: number | null;
  tuplesTotal: number | null;
}

interface Tracked {
  state: IndexBuildState;
  planned: number;
  built: number;
  current: { field: string; label: string; method: 'btree' | 'trigram' } | null;
}

const tracked = new Map<string, Tracked>();
export const track = (moduleId: string, patch: Partial<Tracked>) => {
  const key = moduleId.toLowerCase();
  const before = tracked.get(key) ?? { state: 'idle' as const, planned: 0, built: 0, current: null };
  tracked.set(key, { ...before, ...patch });
};

/**
 * The app's build as this process knows it, with the running index build's counters read from
 * pg_stat_progress_create_index (by the partition).
 */
export async function buildProgress(owner: pg.Pool, moduleId: string): Promise<IndexBuildProgress> {
  const known = tracked.get(moduleId.toLowerCase());
  const progress: IndexBuildProgress = {
    state: known?.state ?? 'idle',
    planned: known?.planned ?? 0,
    built: known?.built ?? 0,
    field: known?.current?.field ?? null,
    fieldLabel: known?.current?.label ?? null,
    method: known?.current?.method ?? null,
    phase: null,
    blocksDone: null,
    blocksTotal: null,
    tuplesDone: null,
    tuplesTotal: null,
  };
  if (progress.state !== 'building' || !known?.current) return progress;
  const { rows } = await owner.query<{
    phase: string;
    blocks_done: string;
    blocks_total: string;
    tuples_done: string;
    tuples_total: string;
  }>(
    `SELECT phase, blocks_done, blocks_total, tuples_done, tuples_total
       FROM pg_stat_progress_create_index WHERE relid = to_regclass($1)`,
    [recordPartitionOf(moduleId)],
  );
  const row = rows[0];
  if (row) {
    progress.phase = row.phase;
    progress.blocksDone = Number(row.blocks_done);
    progress.blocksTotal = Number(row.blocks_total);
    progress.tuplesDone = Number(row.tuples_done);
    progress.tuplesTotal = Number(row.tuples_total);
  }
  return progress;
}
