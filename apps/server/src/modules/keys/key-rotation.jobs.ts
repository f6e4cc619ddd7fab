import { type JobWorker, work } from '../../platform/jobs.ts';
import { KEY_ROTATION_JOB } from './key-rotation.job-defs.ts';
import type { KeyRotationService } from './key-rotation.service.ts';

/**
 * Every minute any one copy goes on with a running key rotation for up to 45 s (decision 0148): a crash loses at
 * most a batch, and the next minute's run goes on from the cursors. Nothing to do costs one query.
 */
export function keyRotationJobs(deps: { rotation: Pick<KeyRotationService, 'work'> }): JobWorker[] {
  return [work(KEY_ROTATION_JOB, () => deps.rotation.work(), { retryLimit: 0, schedule: '* * * * *' })];
}
