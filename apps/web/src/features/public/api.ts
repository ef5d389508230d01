import { API_PATHS } from '@formloop/contracts';
import { normaliseDomain } from '@formloop/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../shared/api/http.ts';

/** GET tenant exists: the tenant's own address, or a 404 with the server's message. */
export async function findTenantUrl(domain: string): Promise<string> {
  const response = await http.get<{ exists: true; url: string }>(API_PATHS.tenantExists, {
    query: { domain: normaliseDomain(domain) },
  });
  return response.data.url;
}

export function useFindTenant() {
  return useMutation({ mutationFn: findTenantUrl });
}
