import type { Clock } from '../../platform/clock.ts';
import type { JobDefinition } from '../../platform/module.ts';
import type { Storage } from '../../platform/storage.ts';
import type { InventoryImportService } from './inventory-import.service.ts';

export const VALIDATE_IMPORT_JOB = 'inventory.import.validate';
export const STORAGE_SWEEP_JOB = 'storage.sweep';

export function inventoryJobs(deps: {
  imports: Pick<InventoryImportService, 'validateImport'>;
  storage: Pick<Storage, 'deleteExpired'>;
  clock: Clock;
}): JobDefinition[] {
  return [
    {
      name: VALIDATE_IMPORT_JOB,
      handler: (data) => deps.imports.validateImport((data as { importId: number }).importId),
    },
    {
      name: STORAGE_SWEEP_JOB,
      handler: async () => {
        await deps.storage.deleteExpired(deps.clock.now());
      },
      retryLimit: 0,
      schedule: '40 3 * * *',
    },
  ];
}
