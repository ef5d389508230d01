import type { LookupSettings } from '@formloop/domain';
import { useEffect, useRef } from 'react';
import type { RendererRuntime } from '../runtime-context.ts';
import { useWatchedKey, type FieldScope } from './field-scope.ts';
import { sourcesKey } from './lookup-model.ts';

export interface LookupAutomation {
  runtime: RendererRuntime;
  scope: FieldScope;
  lookup: LookupSettings;
  /** Off for read-only fields and lookups that do nothing by themselves. */
  enabled: boolean;
  /**
   * Whether to run once as the form opens: a new record whose field is still empty. An existing
   * record keeps what was saved until the user changes a field the filters read.
   */
  runInitially: boolean;
  run(): void | Promise<void>;
}

/**
 * Runs `run` whenever a field the lookup's filters read changes (auto-select first value, table
 * fill). The filters' source values are watched as one key; the key seen first is the form as it
 * opened.
 */
export function useLookupAutomation(options: LookupAutomation): void {
  const { runtime, scope, lookup, enabled } = options;
  const key = useWatchedKey(runtime, () => sourcesKey(lookup, scope.values()), enabled);
  const latest = useRef(options);
  latest.current = options;
  const previous = useRef<string | null>(null);

  useEffect(() => {
    if (key === null) return;
    const first = previous.current === null;
    if (previous.current === key) return;
    previous.current = key;
    if (first && !latest.current.runInitially) return;
    void latest.current.run();
  }, [key]);
}
