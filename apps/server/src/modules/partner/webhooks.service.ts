import { withoutUrlCredentials } from '@portal/contract/customer-fields';
import { LIMITS } from '@portal/contract/limits';
import type { DeliveryRow, RotatedSecret } from '@portal/contract/partner';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken } from '../../platform/crypto.ts';
import { offsetOf } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { PinCrypto } from '../../platform/pin-crypto.ts';
import { DELIVER_WEBHOOK_JOB } from './partner.job-defs.ts';
import type { PartnerRepository } from './partner.repository.ts';
import { shopOf } from './shop-scope.ts';
import { sendDelivery, signDelivery } from './webhook-sender.ts';
import {
  type DeliveryRecord,
  EVENT_SOURCES,
  type EventSource,
  type WebhooksRepository,
} from './webhooks.repository.ts';

/**
 * The waits after each failed attempt: 11 attempts over about 28 hours, so a receiver that is down for an hour, or a
 * day, loses nothing. After the last one the delivery is `failed` until someone sends it again.
 */
export const RETRY_AFTER_MINUTES = [1, 2, 5, 10, 30, 60, 120, 240, 480, 720];
const EVENTS_PER_RUN = 5_000;
/** A pending delivery this late has lost its job (a crash between the record and the queue): it is queued again. */
const OVERDUE_MS = 5 * 60_000;

/**
 * The partner API's webhooks (decision 0097): events derived by a job from new sales after a cursor (the purchase
 * writes nothing for them), each sent by its own job, signed, retried with growing waits, and kept in a log.
 */
export function createWebhooksService(deps: {
  repo: WebhooksRepository;
  shops: Pick<PartnerRepository, 'findShop'>;
  pinCrypto: Pick<PinCrypto, 'encrypt' | 'decrypt'>;
  jobs: Pick<Jobs, 'send'>;
  clock: Clock;
  settledId: (table: EventSource) => Promise<number | null>;
  allowPrivateTargets: boolean;
}) {
  const { repo, shops, pinCrypto, jobs, clock } = deps;

  async function findSettings(customerId: number, callbackUrl: string | null) {
    const secret = await repo.findSecret(customerId);
    return {
      callback_url: withoutUrlCredentials(callbackUrl),
      has_secret: secret ? (1 as const) : (0 as const),
      rotated_at: secret?.rotatedAt.toISOString() ?? null,
    };
  }

  /** A new signing secret, shown this once; the old one stops signing at once. */
  async function rotateSecret(actor: Actor, shopId?: number): Promise<RotatedSecret> {
    const shop = await shopOf(shops, actor, shopId);
    const secret = `whsec_${randomToken(32)}`;
    const at = clock.now();
    await repo.saveSecret(shop.id, pinCrypto.encrypt(secret).toString('base64'), at, actor.userId);
    return { secret, rotated_at: at.toISOString() };
  }

  async function findDeliveries(actor: Actor, q: { page: number; limit?: number }, shopId?: number) {
    const shop = await shopOf(shops, actor, shopId);
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const { items, total } = await repo.findPage(shop.id, { limit: p.limit, offset: offsetOf(p) });
    return { items: items.map(deliveryRowOf), total, page: p };
  }

  async function resend(actor: Actor, deliveryId: number, shopId?: number): Promise<DeliveryRow> {
    const shop = await shopOf(shops, actor, shopId);
    const row = await repo.resend(shop.id, deliveryId, clock.now());
    if (!row) throw notFound('Delivery');
    await queue(row.id, 0);
    return deliveryRowOf(row);
  }

  function queue(id: number, attempts: number, startAfter?: Date) {
    return jobs.send(
      DELIVER_WEBHOOK_JOB,
      { deliveryId: id },
      { singletonKey: `delivery-${id}-${attempts}`, startAfter },
    );
  }

  /**
   * The event job: the events of new sales, journal entries (top-up finals, credit top-ups) and notices (low
   * balance), each source read after its own cursor up to its settled id; then deliveries whose job was lost.
   */
  async function deriveEvents(): Promise<number> {
    let created = 0;
    for (const source of EVENT_SOURCES) {
      const upTo = await deps.settledId(source);
      if (upTo === null) continue;
      const ids = await repo.deriveEvents(source, upTo, EVENTS_PER_RUN, clock.now());
      for (const id of ids) await queue(id, 0);
      created += ids.length;
    }
    const overdue = await repo.findOverdue(new Date(clock.now().getTime() - OVERDUE_MS), 500);
    for (const d of overdue) await queue(d.id, d.attempts);
    return created;
  }

  /** One attempt of one delivery (the delivery job). A delivered or failed delivery is left as it is. */
  async function deliver(deliveryId: number): Promise<void> {
    const found = await repo.findForSending(deliveryId);
    if (found?.delivery.status !== 'pending') return;
    const d = found.delivery;
    const now = clock.now();
    const outcome =
      !found.apiEnabled || !found.callbackUrl || !found.secretCiphertext
        ? { status: null, error: 'webhooks_off' }
        : await send(d, found.callbackUrl, pinCrypto.decrypt(Buffer.from(found.secretCiphertext, 'base64')), now);
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const attempt = d.attempts + 1;
    const wait = RETRY_AFTER_MINUTES[attempt - 1];
    const next = delivered || wait === undefined ? null : new Date(now.getTime() + wait * 60_000);
    const recorded = await repo.recordAttempt(d.id, d.attempts, {
      status: delivered ? 'delivered' : next ? 'pending' : 'failed',
      nextAttemptAt: next,
      lastAttemptAt: now,
      lastStatusCode: outcome.status,
      lastError: delivered ? null : (outcome.error ?? `HTTP ${outcome.status}`),
      deliveredAt: delivered ? now : null,
    });
    if (recorded && next) await queue(d.id, attempt, next);
  }

  function send(d: DeliveryRecord, url: string, secret: string, now: Date) {
    const body = JSON.stringify(d.payload);
    const timestamp = Math.floor(now.getTime() / 1000);
    return sendDelivery(
      url,
      body,
      {
        'x-portal-event': d.eventType,
        'x-portal-delivery': String(d.id),
        'x-portal-signature': `t=${timestamp},v1=${signDelivery(secret, timestamp, body)}`,
      },
      deps.allowPrivateTargets,
    );
  }

  return { findSettings, rotateSecret, findDeliveries, resend, deriveEvents, deliver };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;

function deliveryRowOf(r: DeliveryRecord): DeliveryRow {
  return {
    delivery_id: r.id,
    event_type: r.eventType as DeliveryRow['event_type'],
    event_key: r.eventKey,
    status: r.status as DeliveryRow['status'],
    attempts: r.attempts,
    last_attempt_at: r.lastAttemptAt?.toISOString() ?? null,
    last_status_code: r.lastStatusCode,
    last_error: r.lastError,
    next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
    delivered_at: r.deliveredAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}
