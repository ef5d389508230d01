import { sql } from 'drizzle-orm';
import { msg, type ReportDefinition } from '@formloop/contracts';
import { COMPLETE_ACTIVITY_ID, type ModuleDefinition } from '@formloop/domain';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { badField } from '../../platform/http/errors.ts';
import { ListColumns, recordAppOr404 } from '../records/index.ts';
import type { ReportSources } from './report-query/report-sql.ts';

// A BI question's apps (issue 24 item 8): the report's app and the apps its lookup fields point at,
// each one the viewer must be able to open (else 404, as for the base app), each read through the
// viewer's own columns of it (hidden fields refused). A lookup stores {id, label}: the id is the
// other app's record id.

const UUID = "'^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$'";

/** The app a lookup field of the definition points at, or null when the field is not a lookup. */
function lookupTarget(definition: ModuleDefinition, fieldName: string): string | null {
  for (const group of definition.fieldGroups) {
    if (group.isTable) continue;
    for (const field of group.fields ?? []) {
      if (field.name !== fieldName) continue;
      const target = (field as { lookup?: { moduleId?: unknown } }).lookup?.moduleId;
      return typeof target === 'string' && target !== '' ? target : null;
    }
  }
  return null;
}

export async function reportSources(
  tx: TenantTx,
  tenantId: string,
  caller: Parameters<typeof recordAppOr404>[2],
  app: { definition: ModuleDefinition },
  base: ListColumns,
  definition: Pick<ReportDefinition, 'joins' | 'groupBy' | 'measures' | 'pivot'>,
): Promise<ReportSources> {
  const wanted = definition.joins ?? [];
  if (wanted.length === 0) return { base, joins: [] };
  if (definition.groupBy.length === 0 && definition.measures.length === 0 && !definition.pivot)
    throw badField('joins', msg('reports.joinsNeedGroups'));
  const aliases = new Set<string>();
  const joins: ReportSources['joins'] = [];
  for (const join of wanted) {
    if (aliases.has(join.alias)) throw badField('joins', msg('reports.duplicateJoin'));
    aliases.add(join.alias);
    const column = base.get(join.field);
    const target = column.kind === 'lookup' ? lookupTarget(app.definition, join.field) : null;
    if (!target) throw badField('joins', msg('reports.notALookup', { field: column.label }));
    const other = await recordAppOr404(tx, tenantId, caller, target);
    const id = sql`(r.data->${join.field}::text->>'id')`;
    joins.push({
      alias: join.alias,
      moduleId: other.app.id,
      columns: new ListColumns(other.definition, COMPLETE_ACTIVITY_ID),
      key: sql`(CASE WHEN ${id} ~ ${sql.raw(UUID)} THEN (${id})::uuid END)`,
    });
  }
  return { base, joins };
}
