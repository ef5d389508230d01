import { Param, SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

// Drizzle SQL to the text and parameters node-postgres sends. Drizzle's renderer asks every chunk,
// in turn, whether it is one of a dozen entity kinds (a prototype-chain walk each time for values);
// on a record list that was a tenth of the server's time. Hand-written statements hold only text,
// nested SQL and values: those are rendered here in one pass, exactly as drizzle renders them
// ($1, $2, … in order); anything else (tables, columns, names, placeholders, inlined or encoded
// values, lists) goes to drizzle's own renderer.

const dialect = new PgDialect();

export interface SqlText {
  sql: string;
  params: unknown[];
}

/** A value drizzle binds as it is: not an entity, a list or a wrapper of SQL. */
const isPlainValue = (value: unknown): boolean =>
  value === null || typeof value !== 'object' || value instanceof Date;

/** Appends the statement's text and values; false when it holds something this pass does not render. */
function appendPlain(statement: SQL, text: string[], params: unknown[]): boolean {
  // .inlineParams() statements write their values into the text: drizzle's renderer does that.
  if ((statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of statement.queryChunks as unknown[]) {
    if (chunk instanceof StringChunk) {
      text.push(chunk.value.join(''));
    } else if (chunk instanceof SQL) {
      if (!appendPlain(chunk, text, params)) return false;
    } else if (chunk instanceof Param) {
      // sql.param(value): bound as the encoder maps it (drizzle's default encoder keeps it).
      if (!isPlainValue(chunk.value) && !Array.isArray(chunk.value)) return false;
      const mapped: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (mapped instanceof SQL) return false;
      params.push(mapped);
      text.push(`$${params.length}`);
    } else if (chunk === undefined) {
      // drizzle renders a missing chunk as nothing
    } else if (isPlainValue(chunk)) {
      params.push(chunk);
      text.push(`$${params.length}`);
    } else {
      return false;
    }
  }
  return true;
}

/** The one-pass rendering of a statement of text, nested SQL and values; null for anything else. */
export function renderPlainSql(statement: SQL): SqlText | null {
  const text: string[] = [];
  const params: unknown[] = [];
  return appendPlain(statement, text, params) ? { sql: text.join(''), params } : null;
}

/** The statement's text and parameters, as drizzle's PostgreSQL dialect renders them. */
export function renderSql(statement: SQL): SqlText {
  const plain = renderPlainSql(statement);
  if (plain) return plain;
  const rendered = dialect.sqlToQuery(statement);
  return { sql: rendered.sql, params: rendered.params };
}
