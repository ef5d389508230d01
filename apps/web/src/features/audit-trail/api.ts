import {
  AUDIT_TRAIL_PATHS,
  type AuditDataTable,
  type AuditDataTableRequest,
  type AuditEntryDetail,
} from '@formloop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../shared/api/http.ts';

/** Query keys of the audit trail feature. */
export const auditTrailKeys = {
  all: ['auditTrail'] as const,
  table: (request: AuditDataTableRequest) => [...auditTrailKeys.all, 'table', request] as const,
  entry: (id: number) => [...auditTrailKeys.all, 'entry', id] as const,
};

export const fetchAuditTable = async (request: AuditDataTableRequest) =>
  (await http.post<AuditDataTable>(AUDIT_TRAIL_PATHS.datatables, request)).data;

export const fetchAuditEntry = async (id: number) =>
  (await http.get<AuditEntryDetail>(AUDIT_TRAIL_PATHS.entity, { query: { id } })).data;

/** One page of the audit log; the previous page stays on screen while the next one loads. */
export function useAuditTable(request: AuditDataTableRequest) {
  return useQuery({
    queryKey: auditTrailKeys.table(request),
    queryFn: () => fetchAuditTable(request),
    placeholderData: keepPreviousData,
  });
}

/** One entry with its diff; nothing is fetched until a row is opened. */
export function useAuditEntry(id: number | null) {
  return useQuery({
    queryKey: auditTrailKeys.entry(id ?? 0),
    queryFn: () => fetchAuditEntry(id ?? 0),
    enabled: id !== null,
  });
}
