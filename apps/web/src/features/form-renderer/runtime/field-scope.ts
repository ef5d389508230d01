// Where a control sits (a form field or a table cell) and the values it sees from there, for the
// controls that read or write other fields through the runtime.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { FormValues, TableRow } from '../renderer-model.ts';
import type { RendererRuntime } from '../runtime-context.ts';

/** A table cell's place: the table group and the row. */
export interface CellAddress {
  groupName: string;
  rowIndex: number;
}

/**
 * The cell address from a value key 'group.row.field' (FieldItem's data-value-key). The field name
 * is known, so group names holding dots still split right. A plain field name → null.
 */
export function parseCellAddress(valueKey: string | null | undefined, fieldName: string): CellAddress | null {
  const suffix = `.${fieldName}`;
  if (!valueKey || valueKey === fieldName || !valueKey.endsWith(suffix)) return null;
  const head = valueKey.slice(0, -suffix.length);
  const dot = head.lastIndexOf('.');
  const rowIndex = Number(head.slice(dot + 1));
  if (dot <= 0 || !Number.isInteger(rowIndex) || rowIndex < 0) return null;
  return { groupName: head.slice(0, dot), rowIndex };
}

const rowOf = (values: FormValues, cell: CellAddress): TableRow | null => {
  const rows = values[cell.groupName];
  const row = Array.isArray(rows) ? (rows[cell.rowIndex] as unknown) : undefined;
  return typeof row === 'object' && row !== null ? (row as TableRow) : null;
};

export interface FieldScope {
  /** Put on an element inside the control: the DOM around it says whether it is a table cell. */
  host: RefObject<HTMLDivElement | null>;
  cell(): CellAddress | null;
  /** The form's values; in a table cell the row's cells over them (its siblings win). */
  values(): FormValues;
  /** Sets other fields: the row's cells in a table cell, the form's fields otherwise. */
  write(patch: FormValues): void;
}

/**
 * A control's scope. The renderer does not tell controls whether they are table cells (FieldItem
 * passes no address), so the scope reads FieldItem's data-value-key from the DOM when asked.
 */
export function useFieldScope(runtime: RendererRuntime | null, fieldName: string): FieldScope {
  const host = useRef<HTMLDivElement | null>(null);
  const cell = useCallback(
    () =>
      parseCellAddress(host.current?.closest('[data-value-key]')?.getAttribute('data-value-key'), fieldName),
    [fieldName],
  );
  const values = useCallback((): FormValues => {
    const all = runtime?.getValues() ?? {};
    const at = cell();
    const row = at ? rowOf(all, at) : null;
    return row ? { ...all, ...row } : all;
  }, [runtime, cell]);
  const write = useCallback(
    (patch: FormValues) => {
      if (!runtime) return;
      const at = cell();
      if (!at) {
        runtime.setValues(patch);
        return;
      }
      const all = runtime.getValues();
      const rows = Array.isArray(all[at.groupName]) ? [...(all[at.groupName] as TableRow[])] : [];
      rows[at.rowIndex] = { ...rowOf(all, at), ...patch };
      runtime.setValues({ [at.groupName]: rows });
    },
    [runtime, cell],
  );
  return { host, cell, values, write };
}

/** How often a control looks whether the fields it depends on changed. */
export const WATCH_INTERVAL_MS = 250;

type Subscribable = RendererRuntime & { subscribe?: (listener: () => void) => () => void };

/**
 * A key of what `read` takes from the values, updated when it changes. Fields render memoised
 * (typing elsewhere does not re-render this control) and the runtime has no change events, so it
 * looks every WATCH_INTERVAL_MS; a runtime that offers subscribe(listener) is listened to instead.
 */
export function useWatchedKey(
  runtime: RendererRuntime | null,
  read: () => string,
  enabled: boolean,
): string | null {
  const [key, setKey] = useState<string | null>(null);
  const readRef = useRef(read);
  readRef.current = read;
  useEffect(() => {
    if (!runtime || !enabled) return undefined;
    const look = () => {
      const next = readRef.current();
      setKey((previous) => (previous === next ? previous : next));
    };
    look();
    const subscribe = (runtime as Subscribable).subscribe;
    if (subscribe) return subscribe(look);
    const timer = setInterval(look, WATCH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [runtime, enabled]);
  return key;
}
