import type { Clock } from '../../platform/clock.ts';
import { type JobWorker, work } from '../../platform/jobs.ts';
import type { Storage } from '../../platform/storage.ts';
import { STORAGE_SWEEP_JOB, VALIDATE_IMPORT_JOB } from './inventory.job-defs.ts';
import type { InventoryImportService } from './inventory-import.service.ts';

export function inventoryJobs(deps: {
  imports: Pick<InventoryImportService, 'validateImport'>;
  storage: Pick<Storage, 'deleteExpired'>;
  clock: Clock;
}): JobWorker[] {
  return [
    work(VALIDATE_IMPORT_JOB, (p) => deps.imports.validateImport(p.importId)),
    work(STORAGE_SWEEP_JOB, () => deps.storage.deleteExpired(deps.clock.now()), {
      retryLimit: 0,
      schedule: '40 3 * * *',
    }),
  ];
}
