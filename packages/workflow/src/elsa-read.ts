// Reading Elsa 2.x JSON as exported by Elsa Studio or its API. Two layers of ceremony come off
// first: Newtonsoft's reference handling ("$id" on every object, "$ref" pointing back at one,
// arrays wrapped as {"$values": [...]}), and Elsa's property lists, where each property is
// {name, syntax, expressions: {Literal|JavaScript|Liquid|Json: text}} (Elsa 2.0 also wrote
// {Name: {syntax, expression}} objects).
import { isRecord, plainJson } from './json.ts';

/** Enough for any real definition; stops "$ref" expansion bombs and cycles from running away. */
const MAX_NODES = 200_000;
const MAX_DEPTH = 64;

function collectIds(value: unknown, ids: Map<string, unknown>, depth: number): void {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, ids, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.$id === 'string' && !ids.has(record.$id)) ids.set(record.$id, record);
  for (const item of Object.values(record)) collectIds(item, ids, depth + 1);
}

/** The same JSON without Newtonsoft's "$id"/"$type" keys, with "$values" unwrapped and "$ref" resolved. */
export function stripNewtonsoft(json: unknown): unknown {
  const ids = new Map<string, unknown>();
  collectIds(json, ids, 0);
  let budget = MAX_NODES;
  const resolving = new Set<string>();
  const clean = (value: unknown, depth: number): unknown => {
    budget -= 1;
    if (budget < 0 || depth > MAX_DEPTH) return null;
    if (Array.isArray(value)) return value.map((item) => clean(item, depth + 1));
    if (!isRecord(value)) return plainJson(value) ?? null;
    if (typeof value.$ref === 'string') {
      const target = ids.get(value.$ref);
      if (target === undefined || resolving.has(value.$ref)) return null;
      resolving.add(value.$ref);
      const resolved = clean(target, depth + 1);
      resolving.delete(value.$ref);
      return resolved;
    }
    if (Array.isArray(value.$values)) return clean(value.$values, depth + 1);
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key !== '$id' && key !== '$type') copy[key] = clean(item, depth + 1);
    }
    return copy;
  };
  return clean(json, 0);
}

/** The definition inside an export: the value itself or an object it wraps (a few levels down). */
export function findDefinitionRoot(json: unknown): Record<string, unknown> | null {
  let level: unknown[] = [json];
  for (let depth = 0; depth < 4 && level.length > 0; depth += 1) {
    const next: unknown[] = [];
    for (const value of level) {
      if (isRecord(value) && Array.isArray(value.activities)) return value;
      if (isRecord(value)) next.push(...Object.values(value));
      else if (Array.isArray(value)) next.push(...value);
    }
    level = next;
  }
  return null;
}

export interface ReadProperties {
  values: Record<string, unknown>;
  /** The syntax each value was written in (Literal, Json, JavaScript, Liquid, ...). */
  syntaxes: Record<string, string>;
}

function parseJsonText(text: string): unknown {
  try {
    const parsed = plainJson(JSON.parse(text));
    return parsed === undefined ? text : parsed;
  } catch {
    return text;
  }
}

/** The chosen expression of an Elsa property: its syntax's, else Literal, else Json, else the first. */
function expressionOf(expressions: Record<string, unknown>, syntax: unknown): [string, string] | null {
  const candidates = [typeof syntax === 'string' ? syntax : '', 'Literal', 'Json'];
  for (const candidate of candidates) {
    const text = expressions[candidate];
    if (candidate !== '' && typeof text === 'string') return [candidate, text];
  }
  const first = Object.entries(expressions).find(([, text]) => typeof text === 'string');
  return first ? [first[0], first[1] as string] : null;
}

function store(read: ReadProperties, name: string, syntax: string, text: string): void {
  read.values[name] = syntax === 'Json' ? parseJsonText(text) : text;
  read.syntaxes[name] = syntax;
}

/**
 * Properties as a plain object. An Elsa list (or Elsa 2.0 object of {syntax, expression}) is
 * converted; an object in our own format is copied as it is. Properties without any expression
 * are left out.
 */
export function readProperties(raw: unknown): ReadProperties {
  const read: ReadProperties = { values: {}, syntaxes: {} };
  if (Array.isArray(raw)) {
    for (const entry of raw) {
      if (!isRecord(entry) || typeof entry.name !== 'string' || entry.name === '') continue;
      const expressions = isRecord(entry.expressions) ? entry.expressions : {};
      const chosen = expressionOf(expressions, entry.syntax);
      if (chosen) store(read, entry.name, chosen[0], chosen[1]);
    }
    return read;
  }
  if (!isRecord(raw)) return read;
  for (const [name, value] of Object.entries(raw)) {
    if (isRecord(value) && typeof value.expression === 'string') {
      store(read, name, typeof value.syntax === 'string' ? value.syntax : 'Literal', value.expression);
    } else {
      const copy = plainJson(value);
      if (copy !== undefined) read.values[name] = copy;
    }
  }
  return read;
}

/** A property value as text: Elsa may give numbers, lists or objects where we keep strings. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A list of names from a JSON array, an array-looking string or a comma-separated string. */
export function asList(value: unknown): string[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    const parsed = value.trim().startsWith('[') ? parseJsonText(value) : value;
    list = Array.isArray(parsed) ? parsed : value.split(',');
  }
  if (!Array.isArray(list)) return [];
  const names = list.map((item) => asText(item).trim()).filter((item) => item !== '');
  return [...new Set(names)];
}
