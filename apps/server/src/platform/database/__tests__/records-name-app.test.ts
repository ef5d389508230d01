import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// ADR 0013: records is partitioned by app, so every statement on records (or on the view over it,
// record_list_source) names the app — `module_id = …` — and PostgreSQL plans it against that app's
// partition only. This reads the server's SQL text (each template or string literal) and finds every
// reference to those relations that does not say which app it is about.

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** FROM/JOIN/INTO/UPDATE of records or the list view (LIST_SOURCE is record-lists' name for the view). */
const RELATION =
  /\b(FROM|JOIN|INTO|UPDATE)\s+(?:ONLY\s+)?(records|record_list_source|\$\{LIST_SOURCE\})(?![\w$])/gi;
/** Words that may follow the relation without being its alias. */
const NOT_ALIAS = new Set(
  'where set on join left right inner full cross natural using group order limit offset for returning union window as'.split(
    ' ',
  ),
);

/**
 * References allowed to go without the app, each for a reason: `file` (under src) and a piece of the
 * literal's text (whitespace collapsed) that holds the reference itself. An entry that matches
 * nothing fails the test, so none outlives its statement.
 */
const ALLOWED: Array<{ file: string; text: string; why: string }> = [
  // The list statements take their WHERE whole: ListQuery.scope and .where, built by scopeSql, which
  // names the app (checked below).
  {
    file: 'modules/record-lists/record-query/list-query.ts',
    text: 'FROM ${LIST_SOURCE} r WHERE ${where}',
    why: 'scopeSql',
  },
  {
    file: 'modules/record-lists/record-query/list-query.ts',
    text: 'FROM ${LIST_SOURCE} r WHERE ${query.where}',
    why: 'scopeSql',
  },
  {
    file: 'modules/record-lists/record-query/list-query.ts',
    text: 'FROM ${LIST_SOURCE} r ${RECORD_USER_JOINS} WHERE ${query.where}',
    why: 'scopeSql',
  },
  {
    file: 'modules/record-lists/record-query/summary-query.ts',
    text: 'FROM ${LIST_SOURCE} r WHERE ${scope}',
    why: 'scopeSql',
  },
  // Reports read with the list's scope: reportWhere starts with scopeSql.
  {
    file: 'modules/reports/report-query/report-sql.ts',
    text: 'FROM ${LIST_SOURCE} r WHERE ${where}',
    why: 'reportWhere → scopeSql',
  },
  // A BI question's joined app: read with that app's own list scope.
  {
    file: 'modules/reports/report-query/report-sql.ts',
    text: 'FROM ${LIST_SOURCE} r WHERE ${scopeSql({ tenantId: scope.tenantId, moduleId: join.moduleId })}',
    why: 'scopeSql of the joined app',
  },
];

interface Reference {
  file: string;
  line: number;
  literal: string;
  reference: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every string and template literal of a file, interpolations kept as `${expression}`. */
function literals(file: string): Array<{ line: number; text: string }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node) => {
    let text: string | null = null;
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) {
      text =
        node.head.text +
        node.templateSpans
          .map((span) => `\${${span.expression.getText(source)}}${span.literal.text}`)
          .join('');
    }
    if (text !== null) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ line, text: text.replace(/\s+/g, ' ') });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Whether a reference names its app: the text from the relation to the next reference (its WHERE,
 * its ON, an INSERT's column list) compares the relation's module_id (through its alias, if any).
 */
function namesApp(reference: string, rest: string): boolean {
  if (/^INTO\b/i.test(reference)) return /^\s*\([^)]*\bmodule_id\b/.test(rest);
  const word = /^\s+(?:AS\s+)?([A-Za-z_]\w*)/i.exec(rest)?.[1];
  const alias = word && !NOT_ALIAS.has(word.toLowerCase()) ? word : null;
  const column = alias ? `\\b${alias}\\.module_id` : '(?<![.\\w])module_id';
  return new RegExp(`${column}\\s*(=|IN\\b)|=\\s*${column}\\b`, 'i').test(rest);
}

interface Found extends Reference {
  /** Where the reference starts in the literal. */
  at: number;
  names: boolean;
}

function references(): Found[] {
  return sourceFiles(serverSrc).flatMap((full) => {
    const file = path.relative(serverSrc, full).split(path.sep).join('/');
    return literals(full).flatMap(({ line, text }) => {
      const matches = [...text.matchAll(RELATION)];
      return matches.map((match, i) => {
        const end = match.index + match[0].length;
        const next = matches[i + 1]?.index ?? text.length;
        return {
          file,
          line,
          literal: text,
          reference: match[0],
          at: match.index,
          names: namesApp(match[0], text.slice(end, next)),
        };
      });
    });
  });
}

/** The allowance whose text holds this very reference (not merely another part of its literal). */
const allowed = (ref: Found) =>
  ALLOWED.find((entry) => {
    if (entry.file !== ref.file) return false;
    for (let i = ref.literal.indexOf(entry.text); i !== -1; i = ref.literal.indexOf(entry.text, i + 1)) {
      if (i <= ref.at && ref.at + ref.reference.length <= i + entry.text.length) return true;
    }
    return false;
  });

describe('statements on records (ADR 0013)', () => {
  const found = references();

  it('finds the statements on records across the modules', () => {
    // Not vacuous: the scan sees the statements of every module that reads or writes records.
    expect(found.length).toBeGreaterThan(25);
    const files = new Set(found.map((ref) => ref.file.split('/')[1]));
    for (const module of [
      'records',
      'tasks',
      'workflow',
      'record-lookups',
      'process-engine',
      'record-lists',
    ]) {
      expect(files).toContain(module);
    }
  });

  it('every one names the app (module_id = …) unless allowed for a reason', () => {
    const missing = found
      .filter((ref) => !ref.names && !allowed(ref))
      .map((ref) => `${ref.file}:${ref.line} ${ref.reference}`);
    expect(missing).toEqual([]);
  });

  it('every allowance still matches a statement that needs it', () => {
    const unused = ALLOWED.filter((entry) => !found.some((ref) => !ref.names && allowed(ref) === entry)).map(
      (entry) => `${entry.file}: ${entry.text}`,
    );
    expect(unused).toEqual([]);
  });

  it('the list scope the list statements take whole names the app', () => {
    const listQuery = readFileSync(
      path.join(serverSrc, 'modules/record-lists/record-query/list-query.ts'),
      'utf8',
    );
    const scope = /export function scopeSql\([^]*?\n}/.exec(listQuery)?.[0] ?? '';
    expect(scope).toMatch(/parts\.push\(sql`r\.module_id = \$\{scope\.moduleId\}/);
    expect(listQuery).toMatch(/where: sql`\$\{scopeSql\(scope\)\}/);
  });
});
