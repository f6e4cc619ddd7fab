import type { JobDefinition } from '../../platform/module.ts';
import type { DownloadsService } from './downloads.service.ts';
import type { TransactionKeysService } from './transaction-keys.service.ts';

export const RENDER_DOWNLOAD_JOB = 'selling.render-download';
export const DOWNLOAD_SWEEP_JOB = 'selling.download-sweep';
export const KEYS_CLEANUP_JOB = 'selling.keys.cleanup';

export function sellingJobs(deps: {
  downloads: Pick<DownloadsService, 'renderDownload' | 'sweepDownloads'>;
  keys: Pick<TransactionKeysService, 'deleteExpired'>;
}): JobDefinition[] {
  return [
    {
      name: RENDER_DOWNLOAD_JOB,
      handler: (data) => deps.downloads.renderDownload(data as { downloadId: string }),
      retryLimit: 8,
    },
    { name: DOWNLOAD_SWEEP_JOB, handler: () => deps.downloads.sweepDownloads(), retryLimit: 0, schedule: '* * * * *' },
    {
      name: KEYS_CLEANUP_JOB,
      handler: async () => {
        await deps.keys.deleteExpired();
      },
      retryLimit: 0,
      schedule: '15 3 * * *',
    },
  ];
}
