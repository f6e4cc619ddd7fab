import type { DatevFile, UpdateDatevSettingsBody } from '@portal/contract/datev';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { saveFile } from '../../lib/upload.ts';

/** The issuer's DATEV settings and exports (decision 0147). */
export const datevKeys = { settings: ['datev', 'settings'] as const };

export function useDatevSettings() {
  return useQuery({
    queryKey: datevKeys.settings,
    queryFn: ({ signal }) => api.get('/datev_settings/', undefined, { abort: signal }),
  });
}

export function useSaveDatevSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDatevSettingsBody) => api.call('/update_datev_settings/', body),
    onSuccess: (saved) => queryClient.setQueryData(datevKeys.settings, saved),
  });
}

/** One month of the caller's own books as DATEV files, named by the server (`EXTF_…csv`, `DATEV_….zip`). */
export function downloadDatev(month: string, file: DatevFile) {
  const name = file === 'zip' ? `DATEV_${month}.zip` : `EXTF_${file}_${month}.csv`;
  return saveFile('/export_datev/', { body: { month, file }, fileName: name, serverName: true });
}

/** A period's data access for a tax audit (GDPdU / Z3): the platform's superadmin managers only. */
export function downloadTaxAudit(from: string, to: string) {
  const name = `GDPdU_${from.replaceAll('-', '')}-${to.replaceAll('-', '')}.zip`;
  return saveFile('/export_tax_audit/', { body: { from, to }, fileName: name, serverName: true });
}
