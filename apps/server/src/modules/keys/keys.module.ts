import type { Db } from '../../db/connect.ts';
import type { PortalModule } from '../../platform/module.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import { keyRotationJobs } from './key-rotation.jobs.ts';
import { createKeyRotationRepository } from './key-rotation.repository.ts';
import { createKeyRotationService } from './key-rotation.service.ts';

/** Key rotation (decision 0148): the re-encryption and re-index job; started by `npm run keys:rotate`. */
export function createKeysModule(deps: { db: Db; pinCrypto: PinCrypto; log?: { warn(o: object, m: string): void } }) {
  const rotation = createKeyRotationService({
    db: deps.db,
    repo: createKeyRotationRepository(deps.db),
    pinCrypto: deps.pinCrypto,
    log: deps.log,
  });
  const services = { keyRotation: rotation };
  return {
    name: 'keys',
    services,
    register: async () => {},
    jobs: keyRotationJobs({ rotation }),
  } satisfies PortalModule<typeof services>;
}
