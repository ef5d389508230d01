import { TASK_TABS, type TaskTab } from '@formloop/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@formloop/domain';
import { useCallback, useSyncExternalStore } from 'react';

// Where the task list was (spec §2): its tab, page, app filter and page size, kept for the browser
// tab's session, so coming back from a task shows the same page. The sidebar's Home entry resets it.
// A tiny external store, so a reset while /tasks is on screen moves the list at once.

export interface TaskListPosition {
  tab: TaskTab;
  page: number;
  moduleId: string | null;
  length: PageSize;
}

export const TASK_LIST_POSITION_KEY = 'formloop.tasks.position';

const DEFAULT_POSITION: TaskListPosition = {
  tab: 'tasks',
  page: 1,
  moduleId: null,
  length: DEFAULT_PAGE_SIZE,
};

const isTab = (value: unknown): value is TaskTab => (TASK_TABS as readonly unknown[]).includes(value);
const isPageSize = (value: unknown): value is PageSize => (PAGE_SIZES as readonly unknown[]).includes(value);

/** A stored position read defensively: anything odd falls back to the default of that part. */
function parse(raw: string | null): TaskListPosition {
  if (!raw) return DEFAULT_POSITION;
  let stored: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return DEFAULT_POSITION;
    stored = value as Record<string, unknown>;
  } catch {
    return DEFAULT_POSITION;
  }
  const page = Number(stored.page);
  return {
    tab: isTab(stored.tab) ? stored.tab : DEFAULT_POSITION.tab,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    moduleId: typeof stored.moduleId === 'string' && stored.moduleId !== '' ? stored.moduleId : null,
    length: isPageSize(stored.length) ? stored.length : DEFAULT_POSITION.length,
  };
}

// Storage can be unavailable (private mode, blocked storage): the position then lives in memory only.
let memory: string | null = null;

function readRaw(): string | null {
  try {
    return sessionStorage.getItem(TASK_LIST_POSITION_KEY);
  } catch {
    return memory;
  }
}

// The snapshot must be the same object while nothing changed (useSyncExternalStore compares them).
let cached: { raw: string | null; value: TaskListPosition } | null = null;
const listeners = new Set<() => void>();

export function readTaskListPosition(): TaskListPosition {
  const raw = readRaw();
  if (!cached || cached.raw !== raw) cached = { raw, value: parse(raw) };
  return cached.value;
}

export function writeTaskListPosition(patch: Partial<TaskListPosition>): void {
  const raw = JSON.stringify({ ...readTaskListPosition(), ...patch });
  try {
    sessionStorage.setItem(TASK_LIST_POSITION_KEY, raw);
  } catch {
    memory = raw;
  }
  listeners.forEach((listener) => listener());
}

/** Home (spec §2): back to tab Tasks, page 1, no app filter. The page size is a preference: it stays. */
export function resetTaskListPosition(): void {
  writeTaskListPosition({ tab: 'tasks', page: 1, moduleId: null });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The remembered position and a setter that remembers changes to it. */
export function useTaskListPosition(): [TaskListPosition, (patch: Partial<TaskListPosition>) => void] {
  const position = useSyncExternalStore(subscribe, readTaskListPosition, readTaskListPosition);
  const update = useCallback((patch: Partial<TaskListPosition>) => writeTaskListPosition(patch), []);
  return [position, update];
}
