import type { AppDetail, AppSummary, MostUsedApp } from '@formloop/contracts';
import { deriveAppStatus, emptyModuleDefinition, type ModuleDefinition } from '@formloop/domain';
import type { SummaryRow } from './apps-list.repository.ts';
import type { AppRow } from './apps.repository.ts';

// Rows → the API's shapes (spec §3 module fields, snake_case as the spec names them).

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export function toAppSummary(row: SummaryRow): AppSummary {
  return {
    id: row.id,
    display_name: row.displayName,
    module_description: row.moduleDescription,
    application_module_category_id: row.categoryId,
    category_name: row.categoryName,
    category_icon: row.categoryIcon,
    app_icon: row.appIcon,
    add_to_quick_launch: row.addToQuickLaunch,
    module_version: row.moduleVersion,
    status: deriveAppStatus({ module_published: row.isPublished ? true : null }),
    is_favourite: row.isFavourite,
    created_by: row.createdBy,
    created_by_name: row.createdByName,
    created_on: iso(row.createdOn),
    modified_on: iso(row.modifiedOn),
    modified_by_name: row.modifiedByName,
  };
}

export const toMostUsed = (row: SummaryRow & { useCount: number; lastUsedAt: Date }): MostUsedApp => ({
  ...toAppSummary(row),
  use_count: row.useCount,
  last_used_at: iso(row.lastUsedAt),
});

/** A stored definition read defensively: missing parts come back empty rather than failing the read. */
export function asDefinition(value: Record<string, unknown> | null): ModuleDefinition | null {
  if (value === null) return null;
  const empty = emptyModuleDefinition();
  return {
    fieldGroups: Array.isArray(value.fieldGroups)
      ? (value.fieldGroups as ModuleDefinition['fieldGroups'])
      : empty.fieldGroups,
    defaultConfig:
      value.defaultConfig && typeof value.defaultConfig === 'object' && !Array.isArray(value.defaultConfig)
        ? (value.defaultConfig as ModuleDefinition['defaultConfig'])
        : empty.defaultConfig,
    permission: Array.isArray(value.permission)
      ? (value.permission as ModuleDefinition['permission'])
      : empty.permission,
  };
}

export function toAppDetail(
  summary: AppSummary,
  row: AppRow,
  extra: {
    emailTemplates: AppDetail['email_templates'];
    versions: Array<{ moduleVersion: number; publishedOn: Date; publishedByName: string | null }>;
  },
): AppDetail {
  return {
    ...summary,
    ocr_provider_id: row.ocrProviderId,
    ocr_provider_name: row.ocrProviderName,
    ml_service_id: row.mlServiceId,
    help_file_url: row.helpFileUrl,
    is_reassignment_disabled: row.isReassignmentDisabled,
    module_draft: asDefinition(row.moduleDraft) ?? emptyModuleDefinition(),
    module_published: asDefinition(row.modulePublished),
    workflow_draft: row.workflowDraft,
    workflow_published: row.workflowPublished,
    email_templates: extra.emailTemplates,
    versions: extra.versions.map((version) => ({
      module_version: version.moduleVersion,
      published_on: iso(version.publishedOn),
      published_by_name: version.publishedByName,
    })),
  };
}

/** What the audit trail keeps of an app's settings (the definition is audited where it changes). */
export const auditView = (row: AppRow) => ({
  id: row.id,
  display_name: row.displayName,
  module_description: row.moduleDescription,
  application_module_category_id: row.applicationModuleCategoryId,
  app_icon: row.appIcon,
  add_to_quick_launch: row.addToQuickLaunch,
  ocr_provider_id: row.ocrProviderId,
  ocr_provider_name: row.ocrProviderName,
  ml_service_id: row.mlServiceId,
  help_file_url: row.helpFileUrl,
  module_version: row.moduleVersion,
});
