import type { BulkPurchaseResult, SaleReceipt } from '@portal/contract/selling';
import { purchasePlan } from '@portal/contract/selling';
import { Decimal } from 'decimal.js';
import { ApiError } from '../../lib/api.ts';
import type { KeyValueStorage } from '../../lib/storage.ts';

/**
 * The client side of a purchase (spec section 4, ARCHITECTURE.md "Purchases and idempotency"): each call gets its
 * own transaction key, fetched just before it and stored until the call has a definitive answer. A network failure
 * or a 409 `in_progress` is retried with the same key, so the server answers the first attempt's outcome instead of
 * selling twice; only a definitive answer (success or refusal) drops the key.
 */

export interface PurchaseRequest {
  path: '/add_transaction_v3/' | '/add_bulk_transaction_v3/';
  body: { transaction_key: string; configuration: number; quantity: number; purchase_group?: string };
}

export interface PurchaseTransport {
  transactionKey(): Promise<string>;
  send(request: PurchaseRequest): Promise<SaleReceipt | BulkPurchaseResult>;
}

export interface PurchaseOutcome {
  receipts: SaleReceipt[];
  download: BulkPurchaseResult | null;
  /** PINs bought of those asked for. */
  bought: number;
  error: ApiError | null;
  /** The request whose answer never came (network): it keeps its key and can be sent again. */
  unresolved: PurchaseRequest | null;
}

export const PENDING_PURCHASE_KEY = 'portal.pending_purchase';
const RETRY_DELAYS_MS = [500, 1_500, 3_000, 5_000];

function retriable(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'network' || error.code === 'in_progress');
}

/** Sends one request, retrying with the same key while no definitive answer came. */
export async function sendOnce(
  transport: PurchaseTransport,
  request: PurchaseRequest,
  store: KeyValueStorage,
  sleep: (ms: number) => Promise<void>,
): Promise<SaleReceipt | BulkPurchaseResult> {
  store.setItem(PENDING_PURCHASE_KEY, JSON.stringify(request));
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await transport.send(request);
      store.removeItem(PENDING_PURCHASE_KEY);
      return answer;
    } catch (error) {
      if (!retriable(error) || attempt >= RETRY_DELAYS_MS.length) {
        // A refusal is definitive; an unanswered request keeps its key for a later retry.
        if (!(error instanceof ApiError && error.code === 'network')) store.removeItem(PENDING_PURCHASE_KEY);
        throw error;
      }
      await sleep(RETRY_DELAYS_MS[attempt]!);
    }
  }
}

/** The request left unanswered by a lost connection, if any. */
export function pendingPurchase(store: KeyValueStorage): PurchaseRequest | null {
  try {
    const raw = store.getItem(PENDING_PURCHASE_KEY);
    return raw ? (JSON.parse(raw) as PurchaseRequest) : null;
  } catch {
    return null;
  }
}

function outcomeOf(answers: (SaleReceipt | BulkPurchaseResult)[]): Omit<PurchaseOutcome, 'error' | 'unresolved'> {
  const receipts = answers.filter((a): a is SaleReceipt => 'pins' in a);
  const download = answers.find((a): a is BulkPurchaseResult => 'download_id' in a) ?? null;
  return { receipts, download, bought: answers.reduce((n, a) => n + a.quantity, 0) };
}

/**
 * Buys `quantity` of a configuration: one call up to 20, calls of at most 20 for 21–30 (each with its own key,
 * reported through `onProgress`), the bulk call above 30 or when the user downloads PINs as CSV.
 */
export async function purchase(o: {
  configuration: number;
  quantity: number;
  downloadCsv: boolean;
  transport: PurchaseTransport;
  store: KeyValueStorage;
  onProgress?: (done: number, total: number) => void;
  sleep?: (ms: number) => Promise<void>;
  newId?: () => string;
}): Promise<PurchaseOutcome> {
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const plan = purchasePlan(o.quantity, o.downloadCsv);
  const path = plan.bulk ? '/add_bulk_transaction_v3/' : '/add_transaction_v3/';
  const answers: (SaleReceipt | BulkPurchaseResult)[] = [];
  // The steps of one purchase share an id, so the server lists them and the receipts print them as one.
  const purchaseGroup = plan.steps.length > 1 ? (o.newId ?? (() => crypto.randomUUID()))() : undefined;
  let done = 0;
  o.onProgress?.(0, o.quantity);
  for (const quantity of plan.steps) {
    let request: PurchaseRequest | null = null;
    try {
      request = {
        path,
        body: {
          transaction_key: await o.transport.transactionKey(),
          configuration: o.configuration,
          quantity,
          ...(purchaseGroup && { purchase_group: purchaseGroup }),
        },
      };
      answers.push(await sendOnce(o.transport, request, o.store, sleep));
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError('unknown', String(error), 0);
      const unresolved = request && apiError.code === 'network' ? request : null;
      return { ...outcomeOf(answers), error: apiError, unresolved };
    }
    done += quantity;
    o.onProgress?.(done, o.quantity);
  }
  return { ...outcomeOf(answers), error: null, unresolved: null };
}

/** Sends the unanswered request again with its own key: the server answers what the first attempt did. */
export async function resumePurchase(o: {
  transport: PurchaseTransport;
  store: KeyValueStorage;
  sleep?: (ms: number) => Promise<void>;
}): Promise<PurchaseOutcome | null> {
  const request = pendingPurchase(o.store);
  if (!request) return null;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  try {
    return { ...outcomeOf([await sendOnce(o.transport, request, o.store, sleep)]), error: null, unresolved: null };
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError('unknown', String(error), 0);
    return { ...outcomeOf([]), error: apiError, unresolved: apiError.code === 'network' ? request : null };
  }
}

/**
 * The receipts of one purchase's steps as one receipt: its PINs numbered 1…n, one quantity and one total, and
 * every sale it took. A single receipt is returned as it is.
 */
export function asOnePurchase<R extends SaleReceipt>(receipts: R[]): (R & { sale_ids: number[] }) | null {
  const [first] = receipts;
  if (first === undefined) return null;
  const sum = (pick: (r: R) => string | null) =>
    receipts.some((r) => pick(r) === null)
      ? null
      : receipts.reduce((total, r) => total.plus(pick(r) as string), new Decimal(0)).toFixed(2);
  return {
    ...first,
    sale_ids: receipts.map((r) => r.sale_id),
    quantity: receipts.reduce((n, r) => n + r.quantity, 0),
    pins: receipts.flatMap((r) => r.pins),
    total_value: sum((r) => r.total_value) as string,
    total_price: sum((r) => r.total_price),
    // A single-purpose voucher's VAT: the steps' own amounts added up, as their sales are booked.
    vat: first.vat && { ...first.vat, total_amount: sum((r) => r.vat?.total_amount ?? null) as string },
  };
}
