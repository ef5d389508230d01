import { and, asc, eq, inArray } from 'drizzle-orm';
import { aiServices, mlProviders, mlServices } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

// The OCR / machine-learning catalogue (ml_providers, ml_services, ai_services): the same for every
// tenant, so these tables have no tenant_id; what a tenant may use is its feature licences.

export type ProviderRow = { id: string; name: string; singleService: boolean };
export type ServiceRow = { id: string; providerId: string; name: string };

const providerColumns = {
  id: mlProviders.id,
  name: mlProviders.ocrProviderName,
  singleService: mlProviders.singleService,
};
const serviceColumns = {
  id: mlServices.id,
  providerId: mlServices.providerId,
  name: mlServices.mlServiceName,
};

export async function listProviders(tx: TenantTx): Promise<ProviderRow[]> {
  return tx
    .select(providerColumns)
    .from(mlProviders)
    .orderBy(asc(mlProviders.orderIndex), asc(mlProviders.id));
}

export async function findProvider(tx: TenantTx, id: string): Promise<ProviderRow | null> {
  const rows = await tx.select(providerColumns).from(mlProviders).where(eq(mlProviders.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function servicesOfProvider(tx: TenantTx, providerId: string): Promise<ServiceRow[]> {
  return tx
    .select(serviceColumns)
    .from(mlServices)
    .where(eq(mlServices.providerId, providerId))
    .orderBy(asc(mlServices.orderIndex), asc(mlServices.id));
}

/** The services among `ids` that belong to the provider. */
export async function servicesOf(
  tx: TenantTx,
  providerId: string,
  ids: readonly string[],
): Promise<ServiceRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select(serviceColumns)
    .from(mlServices)
    .where(and(eq(mlServices.providerId, providerId), inArray(mlServices.id, [...ids])));
}

export async function findService(tx: TenantTx, id: string): Promise<ServiceRow | null> {
  const rows = await tx.select(serviceColumns).from(mlServices).where(eq(mlServices.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function aiServicesOf(tx: TenantTx, mlServiceId: string) {
  return tx
    .select({ id: aiServices.id, name: aiServices.aiServiceName, code: aiServices.aiServiceCode })
    .from(aiServices)
    .where(eq(aiServices.mlServiceId, mlServiceId))
    .orderBy(asc(aiServices.aiServiceName), asc(aiServices.id));
}
