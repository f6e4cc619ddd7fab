import type { BulkPurchaseBody, PurchaseBody } from '@portal/contract/selling';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { ActorChanged } from '../../platform/guard.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Metrics } from '../../platform/metrics.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import type { AutoCreditService } from '../credit/auto-credit.service.ts';
import type { PurchaseBatcher } from './purchase-batcher.ts';
import { createSalePins } from './sale-pins.ts';
import { allowedTypes } from './selling.access.ts';
import { RENDER_DOWNLOAD_JOB } from './selling.job-defs.ts';
import { purchaseAnswerOf } from './selling.mapper.ts';
import type { PurchaseCall, SaleRecord, SellingRepository } from './selling.repository.ts';
import { keyRefusal, type TransactionKeysService } from './transaction-keys.service.ts';

/** Bulk files hold plain PINs: kept encrypted and only this long (the sale's reprint stays available). */
const DOWNLOAD_LIFETIME_MS = 48 * 3_600_000;

/**
 * Selling at the counter. A purchase is one transaction under its transaction key: the shop's context
 * and prices are read, PINs are claimed from available_stock, the sale and its reveal record are
 * written, and the ledger entry is posted last, so the wallets (the reseller's, in slots, is shared by all
 * its shops) stay locked for as short a time as possible.
 */
export function createPurchaseService(deps: {
  repo: SellingRepository;
  keys: TransactionKeysService;
  credit: Pick<AutoCreditService, 'dispatchAutoCredit'>;
  pinCrypto: Pick<PinCrypto, 'decrypt'>;
  jobs: Jobs;
  clock: Clock;
  metrics: Pick<Metrics, 'countPurchase'>;
  /** Purchases that arrive together in one call (issue 38); null: each purchase its own call, as before. */
  batcher?: PurchaseBatcher | null;
  /** After a purchase refused for `reseller_insufficient_balance`, outside `portal_purchase` (decision 0099). */
  onResellerShort?: () => Promise<void>;
}) {
  const { repo, keys, credit, pinCrypto, jobs, clock, metrics } = deps;
  const batcher = deps.batcher ?? null;
  const decryptedPins = createSalePins({ repo, pinCrypto });

  /**
   * `/add_transaction_v3/` and `/add_bulk_transaction_v3/` under their transaction key, in one database
   * call (`portal_purchase`). A replay rebuilds the answer from the stored sale and records that the
   * PINs were shown again.
   */
  async function purchase(actor: Actor, body: PurchaseBody | BulkPurchaseBody, kind: 'single' | 'bulk') {
    const now = clock.now();
    const request = {
      kind,
      configuration: body.configuration,
      quantity: body.quantity,
      // Absent without a group, so a key's hash is what it was before groups existed.
      purchase_group: body.purchase_group,
    };
    const call: PurchaseCall = {
      ...keys.keyStep(actor, body.transaction_key, request),
      customerId: actor.customerId,
      configurationId: body.configuration,
      quantity: body.quantity,
      kind,
      allowedTypes: allowedTypes(actor),
      at: now,
      downloadExpiresAt: kind === 'bulk' ? new Date(now.getTime() + DOWNLOAD_LIFETIME_MS) : null,
      purchaseGroup: body.purchase_group ?? null,
      actorVersion: actor.version ?? null,
    };
    // Batched by default: a single purchase with those that arrive together, a bulk one as a batch of one.
    const r = !batcher
      ? await repo.purchase(call)
      : kind === 'bulk'
        ? await batcher.alone(call)
        : await batcher.purchase(call);
    if (r.outcome === 'error') {
      if (r.code === 'actor_changed') throw new ActorChanged();
      throw r.code === 'forbidden' ? forbidden() : keyRefusal(r.code);
    }
    metrics.countPurchase(
      kind,
      r.outcome === 'refused' ? (r.refusal.code ?? 'refused') : r.outcome === 'replay' ? 'replayed' : 'sold',
    );
    if (r.outcome === 'refused') {
      // After the purchase's transaction: the reseller hears of its balance at once, one notice per fall.
      if (r.refusal.code === 'reseller_insufficient_balance') await deps.onResellerShort?.();
      return { status: r.status, answer: r.refusal };
    }
    if (r.outcome === 'replay') {
      if (r.stored.refusal) return { status: r.status, answer: r.stored.refusal };
      return replay(actor, r.stored.sale_id as number, r.status);
    }
    const record: SaleRecord = {
      ...r.sale,
      customer_id: actor.customerId,
      user_id: actor.userId,
      username: actor.username,
      created_at: new Date(r.sale.created_at),
    };
    const pins = r.pins.map((p) => ({
      pin_id: p.pin_id,
      pin: pinCrypto.decrypt(Buffer.from(p.ciphertext, 'base64')),
      serial: p.serial,
      lot: p.lot,
    }));
    // After commit: work that must not run for a rolled-back sale.
    if (r.auto_credit_ids.length) await credit.dispatchAutoCredit(r.auto_credit_ids);
    if (record.download_id) {
      await jobs.send(
        RENDER_DOWNLOAD_JOB,
        { downloadId: record.download_id },
        { singletonKey: `download-${record.download_id}` },
      );
    }
    return { status: 200, answer: purchaseAnswerOf(actor, record, pins) };
  }

  async function replay(actor: Actor, saleId: number, status: number) {
    const s = await repo.findSale(saleId, actor.customerId);
    if (!s) throw notFound('Sale');
    const pins = s.kind === 'single' ? await decryptedPins(s.id) : [];
    if (s.kind === 'single') {
      await repo.insertReveal({
        saleId: s.id,
        customerId: actor.customerId,
        userId: actor.userId,
        kind: 'replay',
        pinIds: null,
        at: clock.now(),
      });
    }
    return { status, answer: purchaseAnswerOf(actor, s, pins) };
  }

  return { purchase };
}
export type PurchaseService = ReturnType<typeof createPurchaseService>;
