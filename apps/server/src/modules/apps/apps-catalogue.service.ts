import type {
  AiService,
  AppExample,
  ColumnLookupEntry,
  MlProvider,
  MlService,
  ModuleLookupEntry,
} from '@formloop/contracts';
import { msg } from '@formloop/contracts';
import { aiLicenceKey, hasLicence } from '@formloop/domain';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { appOr404 } from './app-access.ts';
import { asDefinition } from './app-views.ts';
import { listExampleApps, listPublishedDefinitions } from './apps-list.repository.ts';
import { featureLicences } from './apps.repository.ts';
import * as catalogue from './ml-catalogue.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';

// Lookups the editor and the Create App dialog read: apps and their columns for lookup fields, and
// the OCR / machine-learning catalogue with what the tenant is licensed for.

/** Separates an app from its table in ModuleLookup names ('Orders › Lines'). */
export const TABLE_NAME_SEPARATOR = ' › ';

export function createAppCatalogueService(db: TenantDb) {
  return {
    /** ModuleLookup: every published app, each followed by its table groups. */
    async moduleLookup(ctx: CallContext): Promise<ModuleLookupEntry[]> {
      const apps = await db.inTenant(ctx.tenantId, (tx) => listPublishedDefinitions(tx, ctx.tenantId));
      return apps.flatMap((app) => [
        { module_id: app.id, display_name: app.displayName, is_table: false, table_name: null },
        ...(asDefinition(app.published)?.fieldGroups ?? [])
          .filter((group) => group.isTable)
          .map((group) => ({
            module_id: app.id,
            display_name: `${app.displayName}${TABLE_NAME_SEPARATOR}${group.displayName || group.name}`,
            is_table: true,
            table_name: group.name,
          })),
      ]);
    },

    /** The example apps Create App offers to start from (a copy of one, through CopyFrom). */
    async examples(ctx: CallContext): Promise<AppExample[]> {
      return db.readInTenant(ctx.tenantId, (tx) => listExampleApps(tx, ctx.tenantId));
    },

    /** ColumnLookup: the fields of an app's published version, or of its draft before the first publish. */
    async columnLookup(ctx: CallContext, moduleId: string): Promise<ColumnLookupEntry[]> {
      const app = await db.inTenant(ctx.tenantId, (tx) => appOr404(tx, ctx.tenantId, moduleId));
      const definition = asDefinition(app.modulePublished) ?? asDefinition(app.moduleDraft);
      return (definition?.fieldGroups ?? []).flatMap((group) =>
        (group.fields ?? []).map((field) => ({
          name: field.name,
          label: field.fieldName ?? field.label ?? field.name,
          fieldType: field.fieldType,
          group: group.name,
          isTable: Boolean(group.isTable),
        })),
      );
    },

    async providers(ctx: CallContext): Promise<MlProvider[]> {
      const rows = await db.inTenant(ctx.tenantId, (tx) => catalogue.listProviders(tx));
      return rows.map((row) => ({
        id: row.id,
        ocr_provider_name: row.name,
        single_service: row.singleService,
      }));
    },

    /** A provider's services, each marked licensed when the tenant holds AI_{PROVIDER}_{SERVICE}. */
    async services(ctx: CallContext, providerId: string): Promise<MlService[]> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const provider = isUuid(providerId)
          ? await catalogue.findProvider(tx, providerId.toLowerCase())
          : null;
        if (!provider) throw notFound(msg('apps.providerNotFound'));
        const licences = await featureLicences(tx, ctx.tenantId);
        const services = await catalogue.servicesOfProvider(tx, provider.id);
        return services.map((service) => ({
          id: service.id,
          ml_service_name: service.name,
          licensed: hasLicence(licences, aiLicenceKey(provider.name, service.name)),
        }));
      });
    },

    async aiServices(ctx: CallContext, mlServiceId: string): Promise<AiService[]> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const service = isUuid(mlServiceId)
          ? await catalogue.findService(tx, mlServiceId.toLowerCase())
          : null;
        if (!service) throw notFound(msg('apps.serviceNotFound'));
        const rows = await catalogue.aiServicesOf(tx, service.id);
        return rows.map((row) => ({ id: row.id, ai_service_name: row.name, ai_service_code: row.code }));
      });
    },
  };
}
