import type { FieldError } from '@portal/contract/envelope';
import type { MarginWarning } from '@portal/contract/inventory-import';
import {
  type MarginViolation,
  marginViolations,
  priceAfterDiscount,
  resellerPlanViolations,
} from '@portal/contract/pricing';
import { ROLE } from '@portal/contract/roles';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { moneyText } from '../../platform/money.ts';
import { marginWarningOf, percentText } from './assignments.mapper.ts';
import type { AssignmentsRepository, MarginRow } from './assignments.repository.ts';

export const fieldError = (field: string, rule: string, message: string): FieldError => ({
  field,
  rule,
  message: `${field}: ${message}`,
});

/**
 * The margin an assignment breaks, if any: that of the party selling to the customer (DOMAIN.md price
 * chain). Bought from the stock owner, the customer's price must cover the highest cost among the
 * configuration's stock for sale (`cost` overrides it: the cost of an import being approved); a shop
 * buying platform stock must pay at least what its reseller pays (the reseller's own price is judged
 * on the reseller's assignment).
 */
export function brokenMargin(r: MarginRow, cost: string | null = r.highest_cost): MarginViolation | null {
  let broken: MarginViolation[];
  if (!r.from_owner) {
    broken = marginViolations({
      face: r.face,
      stockOwner: 'platform',
      resellerDiscount: r.parent_discount,
      sellerDiscount: r.discount,
    });
  } else if (r.owner_role === ROLE.superadmin) {
    broken = resellerPlanViolations(r.face, r.discount, cost);
  } else {
    broken = marginViolations({ face: r.face, stockOwner: 'reseller', sellerDiscount: r.discount, highestCost: cost });
  }
  return broken[0] ?? null;
}

/**
 * The refusal of a change that breaks a margin, with the first broken assignment in its params (amounts
 * as decimal strings) for a translated text; the English message stays as the fallback. Bought from the
 * stock owner the price is below the stock's highest cost (`price_below_cost`), otherwise a shop would
 * pay less than its reseller (`price_below_reseller`).
 */
export function negativeMarginRefusal(r: MarginRow, party: MarginViolation, more: number): AppError {
  const price = moneyText(priceAfterDiscount(r.face, r.discount));
  const shared = { customer: r.customer_name, product: r.product_name, value: moneyText(r.face), price, more };
  const what = `${r.product_name} ${moneyText(r.face)}`;
  const whose = party === 'owner' ? "the stock owner's" : "the reseller's";
  const andMore = more > 0 ? ` (and ${more} more)` : '';
  if (r.from_owner && r.highest_cost !== null) {
    const cost = moneyText(r.highest_cost);
    const message = `makes ${whose} margin negative: ${r.customer_name} would pay ${price} for ${what}, whose stock for sale costs up to ${cost}${andMore}`;
    const error = fieldError('discount', 'negative_margin', message);
    return new AppError('price_below_cost', error.message, { errors: [error], params: { ...shared, cost } });
  }
  const discount = percentText(r.discount);
  const resellerDiscount = percentText(r.parent_discount);
  const message = `makes ${whose} margin negative: ${r.customer_name} would pay ${price} (${discount} %) for ${what}, less than its reseller pays (${resellerDiscount} %)${andMore}`;
  const error = fieldError('discount', 'negative_margin', message);
  return new AppError('price_below_reseller', error.message, {
    errors: [error],
    params: { ...shared, discount, reseller_discount: resellerDiscount },
  });
}

/**
 * The rules every assignment change obeys: an operator hands on only what it owns or was assigned, and
 * no change may leave anyone's margin negative (DOMAIN.md price chain).
 */
export function createAssignmentRulesService(deps: { db: Db; repo: AssignmentsRepository }) {
  const { db, repo } = deps;

  /**
   * Refuses (inside the writing transaction, so the change is rolled back) a change after which an
   * assignment of these customers, or of the customers below these parents, has a negative margin.
   */
  async function assertMargins(
    tx: Tx,
    scope: { customerIds: number[]; parentIds: number[]; configurationIds: number[] | null },
  ) {
    const rows = await repo.findMarginRows(scope, tx);
    const broken = rows.flatMap((r) => {
      const party = brokenMargin(r);
      return party ? [{ r, party }] : [];
    });
    const [first] = broken;
    if (!first) return;
    throw negativeMarginRefusal(first.r, first.party, broken.length - 1);
  }

  async function assertAvailable(actor: Actor, configurationIds: number[], field: string, tx: Tx = db) {
    const available = new Set(
      (await repo.findAvailable(actor.customerId, undefined, tx)).map((c) => c.configuration_id),
    );
    const errors = configurationIds
      .map((id, i) => (available.has(id) ? null : fieldError(`${field}.${i}`, 'not_found', 'no such configuration')))
      .filter((e): e is FieldError => e !== null);
    if (errors.length) throw validationError(errors);
  }

  /**
   * For the import approval: the owner's direct customers whose price for the configuration is below
   * the new cost per PIN (their plans the import breaks). Read in the approving transaction.
   */
  async function findPlansBrokenByCost(
    tx: Tx,
    q: { ownerCustomerId: number; configurationId: number; cost: string },
  ): Promise<MarginWarning[]> {
    const rows = await repo.findMarginRows(
      { customerIds: [], parentIds: [q.ownerCustomerId], configurationIds: [q.configurationId] },
      tx,
    );
    return rows.filter((r) => r.from_owner && brokenMargin(r, q.cost) !== null).map((r) => marginWarningOf(r, q.cost));
  }

  /** For the customers module: a default slab change re-checks the customer's margins and its shops'. */
  async function assertDefaultSlabMargins(tx: Tx, _actor: Actor, customerId: number) {
    await assertMargins(tx, { customerIds: [customerId], parentIds: [customerId], configurationIds: null });
  }

  return { assertMargins, assertAvailable, findPlansBrokenByCost, assertDefaultSlabMargins };
}
export type AssignmentRulesService = ReturnType<typeof createAssignmentRulesService>;
