// Requests generated from the OpenAPI document, each carrying U+0000 in exactly one string: one path
// parameter, one query parameter, or one string of the JSON body (every string the body schema names,
// nested objects and array items included). New operations are covered as soon as they are documented.

export const NUL_TEXT = 'a\u0000b';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Segment = string | number;

export interface NulCase {
  operation: string;
  method: Method;
  url: string;
  body?: unknown;
  /** The field the answer must name: the parameter's name or the body string's dotted path. */
  field: string;
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
}

interface Parameter {
  name: string;
  in: string;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
/** A well-formed value for the path parameters not under test. */
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const MAX_DEPTH = 8;

const typesOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type : [schema.type]);
const isString = (schema: Schema) =>
  typesOf(schema).includes('string') ||
  typeof schema.const === 'string' ||
  (schema.enum?.some((v) => typeof v === 'string') ?? false);

/** Every path (property names, array index 0) at which the schema accepts a string. */
export function stringPaths(schema: Schema | undefined, depth = 0): Segment[][] {
  if (!schema || depth > MAX_DEPTH) return [];
  const out: Segment[][] = [];
  if (isString(schema)) out.push([]);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    out.push(...stringPaths(branch, depth + 1));
  }
  for (const [name, inner] of Object.entries(schema.properties ?? {})) {
    out.push(...stringPaths(inner, depth + 1).map((path) => [name, ...path]));
  }
  if (schema.additionalProperties) {
    const inner: Schema =
      schema.additionalProperties === true ? { type: 'string' } : schema.additionalProperties;
    out.push(...stringPaths(inner, depth + 1).map((path) => ['anyKey', ...path]));
  }
  const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
  for (const item of items) out.push(...stringPaths(item, depth + 1).map((path) => [0, ...path]));
  const seen = new Set<string>();
  return out.filter((path) => {
    const key = JSON.stringify(path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A value holding NUL_TEXT at `path` and nothing else. */
function valueAt(path: Segment[]): unknown {
  if (path.length === 0) return NUL_TEXT;
  const [head, ...rest] = path;
  return typeof head === 'number' ? [valueAt(rest)] : { [head!]: valueAt(rest) };
}

const fillPath = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? SOME_ID));

/** The cases of every operation of the document; each operation has at least one. */
export function nulCases(doc: OpenApiDocument): NulCase[] {
  const cases: NulCase[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const lower of METHODS) {
      const operation = item[lower];
      if (!operation) continue;
      const method = lower.toUpperCase() as Method;
      const name = `${method} ${template}`;
      const params = operation.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
      const queryParams = params.filter((p) => p.in === 'query').map((p) => p.name);
      const base = fillPath(template, {});
      const own: NulCase[] = [];
      for (const param of pathParams) {
        own.push({ operation: name, method, url: fillPath(template, { [param]: NUL_TEXT }), field: param });
      }
      // Declared query parameters, or (when there are none) one the operation does not expect.
      for (const param of queryParams.length ? queryParams : ['unexpected']) {
        const query = `${encodeURIComponent(param)}=${encodeURIComponent(NUL_TEXT)}`;
        own.push({ operation: name, method, url: `${base}?${query}`, field: param });
      }
      const json = operation.requestBody?.content?.['application/json']?.schema;
      for (const path of stringPaths(json)) {
        own.push({
          operation: name,
          method,
          url: base,
          body: valueAt(path),
          field: path.length ? path.join('.') : 'body',
        });
      }
      cases.push(...own);
    }
  }
  return cases;
}
