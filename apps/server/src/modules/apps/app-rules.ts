import { msg } from '@formloop/contracts';
import { RESERVED_MODULE_NAMES, aiLicenceKey, hasLicence, isReservedName } from '@formloop/domain';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { badField, conflict } from '../../platform/http/errors.ts';
import * as repo from './apps.repository.ts';
import * as catalogue from './ml-catalogue.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';

// The rules an app's settings follow on create, update and copy (spec §2 Create App, §5): the name,
// its group, and the OCR provider with its machine-learning services under the tenant's licences.

/** Not a reserved system module name (ignoring case), and no other app of the tenant has it. */
export async function checkName(
  tx: TenantTx,
  tenantId: string,
  name: string,
  exceptId: string | null,
): Promise<void> {
  if (isReservedName(name, RESERVED_MODULE_NAMES))
    throw badField('name', msg('validation.reservedName', { name: name.trim() }));
  if (await repo.nameTaken(tx, tenantId, name, exceptId)) throw conflict(msg('apps.duplicateName'));
}

/** The group id, when given, names one of the tenant's app groups. Answers the id to store. */
export async function checkCategory(
  tx: TenantTx,
  tenantId: string,
  categoryId: string | null,
): Promise<string | null> {
  if (!categoryId) return null;
  if (!isUuid(categoryId) || !(await repo.categoryExists(tx, tenantId, categoryId.toLowerCase()))) {
    throw badField('categoryId', msg('apps.categoryNotFound'));
  }
  return categoryId.toLowerCase();
}

/**
 * machineLearningServiceId as the spec sends it: JSON text of an id array, or of one id; a bare id
 * is taken too. Empty text, null and '[]' mean none. Duplicates collapse.
 */
export function parseServiceIds(text: string | null | undefined): string[] {
  const trimmed = (text ?? '').trim();
  if (trimmed === '' || trimmed === 'null') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    parsed = trimmed;
  }
  const list = typeof parsed === 'string' ? (parsed === '' ? [] : [parsed]) : parsed;
  if (!Array.isArray(list) || !list.every((id) => typeof id === 'string') || list.length > 50) {
    throw badField('machineLearningServiceId', msg('apps.invalidServiceList'));
  }
  return [...new Set(list.map((id) => id.toLowerCase()))];
}

export interface OcrSettings {
  ocrProviderId: string | null;
  ocrProviderName: string | null;
  mlServiceId: string[];
}

/**
 * The provider exists; every service is one of its services, licensed for the tenant
 * (AI_{PROVIDER}_{SERVICE}); at most one for a single-service provider; none without a provider.
 * The stored provider name is the catalogue's, whatever the client sent.
 */
export async function checkOcr(
  tx: TenantTx,
  tenantId: string,
  providerId: string | null,
  serviceIds: readonly string[],
): Promise<OcrSettings> {
  const field = 'machineLearningServiceId';
  if (!providerId) {
    if (serviceIds.length > 0) throw badField(field, msg('apps.serviceWithoutProvider'));
    return { ocrProviderId: null, ocrProviderName: null, mlServiceId: [] };
  }
  const provider = isUuid(providerId) ? await catalogue.findProvider(tx, providerId.toLowerCase()) : null;
  if (!provider) throw badField('ocrProviderId', msg('apps.providerNotFound'));
  const services = await catalogue.servicesOf(tx, provider.id, serviceIds.filter(isUuid));
  if (services.length !== serviceIds.length) throw badField(field, msg('apps.serviceNotOfProvider'));
  if (provider.singleService && services.length > 1) throw badField(field, msg('apps.singleServiceOnly'));
  const licences = await repo.featureLicences(tx, tenantId);
  if (services.some((service) => !hasLicence(licences, aiLicenceKey(provider.name, service.name)))) {
    throw badField(field, msg('apps.serviceNotLicensed'));
  }
  return { ocrProviderId: provider.id, ocrProviderName: provider.name, mlServiceId: [...serviceIds] };
}
