import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { SellingRepository } from './selling.repository.ts';

/** A sale's PINs in clear, for the buyer's replay and the shop's reprint (both recorded as reveals). */
export function createSalePins(deps: {
  repo: Pick<SellingRepository, 'findSalePins'>;
  pinCrypto: Pick<PinCrypto, 'decrypt'>;
}) {
  return async function decryptedPins(saleId: number, pinIds?: number[]) {
    const rows = await deps.repo.findSalePins(saleId, pinIds);
    return rows.map((p) => ({
      pin_id: p.pin_id,
      pin: deps.pinCrypto.decrypt(p.pin_ciphertext),
      serial: p.serial,
      lot: p.lot,
    }));
  };
}
