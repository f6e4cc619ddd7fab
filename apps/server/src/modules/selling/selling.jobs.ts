import { type JobWorker, work } from '../../platform/jobs.ts';
import type { DownloadsService } from './downloads.service.ts';
import { DOWNLOAD_SWEEP_JOB, KEYS_CLEANUP_JOB, RENDER_DOWNLOAD_JOB } from './selling.job-defs.ts';
import type { TransactionKeysService } from './transaction-keys.service.ts';

export function sellingJobs(deps: {
  downloads: Pick<DownloadsService, 'renderDownload' | 'sweepDownloads'>;
  keys: Pick<TransactionKeysService, 'deleteExpired'>;
}): JobWorker[] {
  return [
    work(RENDER_DOWNLOAD_JOB, (p) => deps.downloads.renderDownload(p), { retryLimit: 8 }),
    work(DOWNLOAD_SWEEP_JOB, () => deps.downloads.sweepDownloads(), { retryLimit: 0, schedule: '* * * * *' }),
    work(KEYS_CLEANUP_JOB, () => deps.keys.deleteExpired(), { retryLimit: 0, schedule: '15 3 * * *' }),
  ];
}
