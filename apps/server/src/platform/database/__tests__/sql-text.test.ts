import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from '@formloop/db';
import { renderPlainSql, renderSql } from '../sql-text.ts';

const dialect = new PgDialect();
const drizzles = (statement: Parameters<PgDialect['sqlToQuery']>[0]) => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { sql: text, params };
};

describe('renderSql', () => {
  it('numbers values in order through nested statements, as drizzle does', () => {
    const when = new Date(Date.UTC(2026, 10, 22));
    const inner = sql`b = ${'x'} AND c = ANY (${sql.param(['p', 'q'])}::text[])`;
    const statement = sql`SELECT ${1}, ${null}, ${true} FROM t WHERE a = ${when} AND (${inner})${undefined} AND ${sql.raw('d')} > ${2.5}`;
    const plain = renderPlainSql(statement);
    expect(plain).toEqual(drizzles(statement));
    expect(plain).toEqual({
      sql: 'SELECT $1, $2, $3 FROM t WHERE a = $4 AND (b = $5 AND c = ANY ($6::text[])) AND d > $7',
      params: [1, null, true, when, 'x', ['p', 'q'], 2.5],
    });
  });

  it('leaves tables, columns, lists of values and inlined statements to drizzle, with the same result', () => {
    const statements = [
      sql`SELECT ${users.id} FROM ${users} WHERE ${users.username} = ${'admin'}`,
      sql`SELECT 1 WHERE a IN ${['x', 'y']}`,
      sql`SELECT ${sql.identifier('name')}`,
      sql`SELECT ${'inlined'}`.inlineParams(),
      sql`SELECT ${sql.placeholder('later')}`,
    ];
    for (const statement of statements) {
      expect(renderPlainSql(statement)).toBeNull();
      expect(renderSql(statement)).toEqual(drizzles(statement));
    }
  });
});
