import type { JobDefinition } from '../../platform/module.ts';
import type { KeyRotationService } from './key-rotation.service.ts';

export const KEY_ROTATION_JOB = 'keys.rotate';

/**
 * Every minute any one copy goes on with a running key rotation for up to 45 s (decision 0148): a crash loses at
 * most a batch, and the next minute's run goes on from the cursors. Nothing to do costs one query.
 */
export function keyRotationJobs(deps: { rotation: Pick<KeyRotationService, 'work'> }): JobDefinition[] {
  return [
    {
      name: KEY_ROTATION_JOB,
      handler: async () => {
        await deps.rotation.work();
      },
      retryLimit: 0,
      schedule: '* * * * *',
    },
  ];
}
