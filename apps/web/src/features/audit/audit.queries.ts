import type { AuditKind, AuditLogChoice } from '@portal/contract/audit';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { saveFile } from '../../lib/upload.ts';
import type { PageRequest } from '../../ui/data-table.tsx';
import type { ExportFormat } from '../../ui/export-buttons.tsx';

/** The log's filters as they stand in the URL: ids as text, Berlin days as YYYY-MM-DD, '' for none. */
export type AuditLogFilters = { actor: string; customer: string; kind: string; from: string; to: string };
export type AuditPickerField = 'actor' | 'customer';

export const auditKeys = {
  all: ['audit'] as const,
  log: () => [...auditKeys.all, 'log'] as const,
  picker: (field: AuditPickerField, q: string) => [...auditKeys.all, 'picker', field, q] as const,
  picked: (field: AuditPickerField, id: number) => [...auditKeys.all, 'picked', field, id] as const,
};

const id = (v: string) => (/^\d+$/.test(v) ? Number(v) : undefined);

/** The filters as the log's calls take them (nothing for an empty filter). */
function logFilters(f: AuditLogFilters) {
  return {
    ...(id(f.actor) ? { actor_user_id: id(f.actor) } : {}),
    ...(id(f.customer) ? { customer_id: id(f.customer) } : {}),
    ...(f.kind ? { kind: f.kind as AuditKind } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
}

/** The superadmin's log, filtered, newest first, paged on the server. */
export async function findAuditLog({ page, limit, filters, abort }: PageRequest<AuditLogFilters>) {
  const data = await api.get('/audit_log/', { page, limit, ...logFilters(filters) }, { abort });
  return { items: data.changes, filters: data.filters };
}

/** The log's file (`/api/export_audit_log/`) with the log's filters, named by the server. */
export const exportAuditLog = (filters: AuditLogFilters, format: ExportFormat) =>
  saveFile('/export_audit_log/', {
    body: { ...logFilters(filters), format },
    fileName: `change-log.${format}`,
    serverName: true,
  });

/** A picker's choices matching the typed text, searched on the server within the log's scope. */
export function useAuditChoices(field: AuditPickerField, q: string) {
  return useQuery({
    queryKey: auditKeys.picker(field, q),
    queryFn: ({ signal }): Promise<AuditLogChoice[]> =>
      api.get('/audit_log_choices/', { field, q }, { abort: signal }).then((d) => d.choices),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

/** The chosen value's own choice, for its name after a reload from the URL (null when outside the scope). */
export function useAuditChoice(field: AuditPickerField, value: string) {
  const chosen = id(value) ?? 0;
  return useQuery({
    queryKey: auditKeys.picked(field, chosen),
    enabled: chosen > 0,
    queryFn: ({ signal }) =>
      api.get('/audit_log_choices/', { field, q: '', id: chosen }, { abort: signal }).then((d) => d.choices[0] ?? null),
    staleTime: 300_000,
  });
}
