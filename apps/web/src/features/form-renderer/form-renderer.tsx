import type { ModuleDefinition, PayloadGroup } from '@formloop/domain';
import Form from 'antd/es/form';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { computeValues, type ComputedValues } from './computed-values.ts';
import { FormSection } from './form-section.tsx';
import {
  fieldAccess,
  fieldTypeOf,
  tableCellKey,
  tableRows,
  withDefaults,
  type FieldAccess,
  type FormValues,
  type TableRow,
} from './renderer-model.ts';
import {
  RendererRuntimeContext,
  type RendererRuntime,
  type RendererRuntimeInput,
} from './runtime-context.ts';
import type { SectionContext } from './section-context.ts';
import { TableSection } from './table-section.tsx';
import { validateValues } from './validate-values.ts';

export { validateValues } from './validate-values.ts';
export { tableCellKey } from './renderer-model.ts';

export interface FormRendererProps {
  definition: Pick<ModuleDefinition, 'fieldGroups' | 'permission'>;
  /** The workflow activity the form is shown at (fs-start, fs-complete, a task's activity): its field permissions apply. */
  activityId?: string;
  values: Record<string, unknown>;
  /** Every change, with calculation fields already computed. Without it the renderer keeps its own values. */
  onChange?(values: Record<string, unknown>): void;
  readOnly?: boolean;
  /** The moment today/now defaults, NOW() and TODAY() use; the time the form opened when left out. */
  now?: Date;
  /** Show every broken rule now (after a save attempt), not only those of fields the user touched. */
  showAllErrors?: boolean;
  /** Messages from elsewhere (the server), by field name or table cell key; shown as they are. */
  errors?: Record<string, string>;
  /** The running app (item editor): lookups, uploads and external calls work against the server. */
  runtime?: RendererRuntimeInput;
}

const NO_ERRORS: Record<string, string> = {};
const HIDDEN: FieldAccess = { visible: false, editable: false };

/**
 * A form as its users see it: sections in order, fields on the 12-column grid, table groups with
 * rows, calculation fields computed live, value checks, and the field permissions of an activity.
 */
export function FormRenderer(props: FormRendererProps) {
  const { definition, activityId, readOnly = false } = props;
  const [openedAt] = useState(() => new Date());
  const now = props.now ?? openedAt;
  const [local, setLocal] = useState<FormValues>(props.values);
  const controlled = props.onChange !== undefined;
  const given = controlled ? props.values : local;

  const base = useMemo(() => withDefaults(definition, given, now), [definition, given, now]);
  // What commit() computed is what the owner hands back: reuse it instead of computing twice per keystroke.
  const committed = useRef<{ definition: unknown; now: Date; result: ComputedValues } | null>(null);
  const computed = useMemo(() => {
    const last = committed.current;
    if (last?.result.values === base && last.definition === definition && last.now === now)
      return last.result;
    return computeValues(definition, base, now);
  }, [definition, base, now]);
  const problems = useMemo(
    () => validateValues(definition, computed.values, activityId),
    [definition, computed.values, activityId],
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());

  const latest = useRef(computed.values);
  latest.current = computed.values;
  const onChangeRef = useRef(props.onChange);
  onChangeRef.current = props.onChange;

  const commit = useCallback(
    (next: FormValues) => {
      const result = computeValues(definition, next, now);
      committed.current = { definition, now, result };
      latest.current = result.values;
      if (onChangeRef.current) onChangeRef.current(result.values);
      else setLocal(result.values);
    },
    [definition, now],
  );

  // A new form starts with its defaults (today/now, default values, minimum table rows): tell the owner once.
  useEffect(() => {
    if (base !== given && !readOnly) commit(base);
  }, [base, given, readOnly, commit]);

  const touch = useCallback((key: string) => {
    setTouched((previous) => (previous.has(key) ? previous : new Set(previous).add(key)));
  }, []);

  const onValue = useCallback(
    (key: string, value: unknown) => {
      touch(key);
      commit({ ...latest.current, [key]: value });
    },
    [commit, touch],
  );
  const onCell = useCallback(
    (groupName: string, rowIndex: number, fieldName: string, value: unknown) => {
      touch(tableCellKey(groupName, rowIndex, fieldName));
      const group = definition.fieldGroups.find((candidate) => candidate.name === groupName);
      if (!group) return;
      const rows = tableRows(latest.current, group);
      rows[rowIndex] = { ...rows[rowIndex], [fieldName]: value };
      commit({ ...latest.current, [groupName]: rows });
    },
    [commit, definition, touch],
  );
  const onRows = useCallback(
    (groupName: string, rows: TableRow[]) => commit({ ...latest.current, [groupName]: rows }),
    [commit],
  );

  const accessMap = useMemo(() => {
    const map = new Map<string, FieldAccess>();
    for (const group of definition.fieldGroups) {
      for (const field of group.fields) {
        const type = fieldTypeOf(field);
        if (type === null) continue;
        const access = fieldAccess(definition, activityId, group, field, type);
        map.set(`${group.name}\u0000${field.name}`, readOnly ? { ...access, editable: false } : access);
      }
    }
    return map;
  }, [definition, activityId, readOnly]);

  const idPrefix = useId();
  const external = props.errors ?? NO_ERRORS;
  const showAll = Boolean(props.showAllErrors);
  const context: SectionContext = {
    values: computed.values,
    now,
    access: (group: PayloadGroup, fieldName: string) =>
      accessMap.get(`${group.name}\u0000${fieldName}`) ?? HIDDEN,
    errorFor: (key: string) =>
      external[key] ?? (readOnly || !(showAll || touched.has(key)) ? undefined : problems[key]),
    formulaErrors: computed.errors,
    idFor: (key: string) => `${idPrefix}-${key.replace(/[^\w-]/g, '_')}`,
    onValue,
    onCell,
    onRows,
    readOnly,
  };

  const runtimeInput = props.runtime;
  const runtime = useMemo<RendererRuntime | null>(
    () =>
      runtimeInput
        ? {
            ...runtimeInput,
            getValues: () => latest.current,
            setValues: (patch) => commit({ ...latest.current, ...patch }),
          }
        : null,
    [runtimeInput, commit],
  );

  const groups = [...definition.fieldGroups].sort(
    (a, b) => (a.orderIndex ?? 0) - (b.orderIndex ?? 0) || (a.sectionIndex ?? 0) - (b.sectionIndex ?? 0),
  );
  return (
    <RendererRuntimeContext.Provider value={runtime}>
      <Form
        component="div"
        layout="vertical"
        onBlurCapture={(event) => {
          const key = (event.target as HTMLElement)
            .closest('[data-field-name]')
            ?.getAttribute('data-value-key');
          if (key) touch(key);
        }}
      >
        {groups.map((group) =>
          group.isTable ? (
            <TableSection key={group.name} group={group} context={context} />
          ) : (
            <FormSection key={group.name} group={group} context={context} />
          ),
        )}
      </Form>
    </RendererRuntimeContext.Provider>
  );
}
