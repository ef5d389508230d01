// Evaluates every computed field of a record in dependency order: what the browser runs live and
// the server runs authoritatively on save. Cycles are found with Tarjan's algorithm (iterative, so a
// long chain of fields cannot overflow the stack); every field in a cycle gets 'circularReference'.
import type { FieldValueType } from '@formloop/domain';
import { fieldNodes, referenceOf, type FieldNode, type FormulaNode } from './ast.ts';
import { FormulaError, diagnostic, formulaError, type FormulaDiagnostic } from './errors.ts';
import { evaluateNode, lookupInData } from './evaluator.ts';
import { parseCached } from './parser.ts';
import { toResult } from './result.ts';
import { valueFromData, type Value } from './values.ts';

export interface ComputedField {
  name: string;
  formula: string;
  valueType: FieldValueType;
}

export interface ComputedFieldsResult {
  /** The computed fields' values only (null where there is an error). */
  values: Record<string, unknown>;
  errors: Record<string, FormulaDiagnostic>;
}

interface Node {
  field: ComputedField;
  ast: FormulaNode | null;
  parseError: FormulaDiagnostic | null;
  deps: number[];
}

/** Strongly connected components, iteratively: returns the component id of every node. */
function components(nodes: readonly Node[]): number[] {
  const index = new Array<number>(nodes.length).fill(-1);
  const low = new Array<number>(nodes.length).fill(0);
  const onStack = new Array<boolean>(nodes.length).fill(false);
  const component = new Array<number>(nodes.length).fill(-1);
  const stack: number[] = [];
  let counter = 0;
  let componentCount = 0;
  for (let root = 0; root < nodes.length; root += 1) {
    if (index[root] !== -1) continue;
    const work: Array<[number, number]> = [[root, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1] as [number, number];
      const [v, i] = frame;
      if (i === 0) {
        index[v] = low[v] = counter++;
        stack.push(v);
        onStack[v] = true;
      }
      const deps = (nodes[v] as Node).deps;
      if (i < deps.length) {
        frame[1] = i + 1;
        const w = deps[i] as number;
        if (index[w] === -1) work.push([w, 0]);
        else if (onStack[w]) low[v] = Math.min(low[v] as number, index[w] as number);
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]] as number, low[v] as number);
      if (low[v] === index[v]) {
        let w: number;
        do {
          w = stack.pop() as number;
          onStack[w] = false;
          component[w] = componentCount;
        } while (w !== v);
        componentCount += 1;
      }
    }
  }
  return component;
}

function* take<T>(items: Iterable<T>, count: number): Generator<T> {
  let taken = 0;
  for (const item of items) {
    if (taken++ >= count) return;
    yield item;
  }
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // A field named __proto__ must not replace the prototype; every other key assigns as an own property.
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else target[key] = value;
}

/** A referenced computed field that failed: the error moves to this formula's reference. */
function dependencyError(node: FieldNode, failed: FormulaDiagnostic): FormulaError {
  const name = referenceOf(node);
  const text =
    failed.code === 'circularReference'
      ? `{${name}} is part of a circular reference`
      : `{${name}} has an error: ${failed.message}`;
  return formulaError(failed.code, text, node, { ...failed.params, name, position: node.start });
}

export function evaluateComputedFields(
  fields: ReadonlyArray<ComputedField>,
  values: Readonly<Record<string, unknown>>,
  options: { now?: Date } = {},
): ComputedFieldsResult {
  const now =
    options?.now instanceof Date && Number.isFinite(options.now.getTime()) ? options.now : new Date();
  const positions = new Map<string, number>();
  const nodes: Node[] = [];
  for (const field of fields) {
    if (!field || typeof field.name !== 'string' || positions.has(field.name)) continue;
    positions.set(field.name, nodes.length);
    const blank = typeof field.formula !== 'string' || field.formula.trim() === '';
    const parsed = blank ? { ast: null, diagnostics: [] } : parseCached(field.formula);
    nodes.push({ field, ast: parsed.ast, parseError: parsed.diagnostics[0] ?? null, deps: [] });
  }
  for (const node of nodes) {
    if (!node.ast) continue;
    const deps = fieldNodes(node.ast).filter((f) => f.column === null && positions.has(f.name));
    node.deps = [...new Set(deps.map((f) => positions.get(f.name) as number))];
  }
  const component = components(nodes);
  const members = new Map<number, Set<string>>();
  component.forEach((c, i) => {
    const set = members.get(c) ?? new Set<string>();
    set.add((nodes[i] as Node).field.name);
    members.set(c, set);
  });

  const out: Record<string, unknown> = {};
  const errors: Record<string, FormulaDiagnostic> = {};
  const computed = new Map<string, Value>();
  const failures = new Map<string, FormulaDiagnostic>();
  const baseLookup = lookupInData(values);
  const lookup = (ref: FieldNode): Value => {
    if (ref.column === null && failures.has(ref.name))
      return dependencyError(ref, failures.get(ref.name) as FormulaDiagnostic);
    if (ref.column === null && computed.has(ref.name)) return computed.get(ref.name) as Value;
    if (ref.column === null && positions.has(ref.name)) return null;
    return baseLookup(ref);
  };
  const fail = (node: Node, error: FormulaDiagnostic): void => {
    failures.set(node.field.name, error);
    setOwn(out, node.field.name, null);
    setOwn(errors, node.field.name, error);
  };

  // Tarjan numbers components in reverse topological order: dependencies come first.
  const order = nodes.map((_, i) => i).sort((a, b) => (component[a] as number) - (component[b] as number));
  for (const i of order) {
    const node = nodes[i] as Node;
    const c = component[i] as number;
    const inCycle = members.get(c) as Set<string>;
    if (inCycle.size > 1 || node.deps.includes(i)) {
      const ref = fieldNodes(node.ast as FormulaNode).find(
        (f) => f.column === null && inCycle.has(f.name),
      ) as FieldNode;
      const cycle = [...take(inCycle, 10)].join(', ');
      fail(
        node,
        diagnostic('circularReference', `Circular reference between ${cycle}`, ref, {
          name: node.field.name,
          fields: cycle,
        }),
      );
      continue;
    }
    if (!node.ast) {
      if (node.parseError) fail(node, node.parseError);
      else setOwn(out, node.field.name, null);
      continue;
    }
    let result: unknown;
    try {
      result = toResult(evaluateNode(node.ast, { now, lookup }), node.field.valueType, node.ast);
    } catch (error) {
      result = formulaError('internal', `The formula could not be evaluated (${String(error)})`, node.ast);
    }
    if (result instanceof FormulaError) {
      fail(node, result.diagnostic);
      continue;
    }
    setOwn(out, node.field.name, result);
    computed.set(node.field.name, valueFromData(result) as Value);
  }
  return { values: out, errors };
}
