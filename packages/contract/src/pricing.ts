import { Decimal } from 'decimal.js';

/**
 * The price chain of DOMAIN.md "Who may sell what, at which price", for one unit of face value F,
 * every price rounded half-up to the cent (EUR):
 *   cost C            = F × (1 − supplier buying discount), for the stock owner
 *   reseller price R  = F × (1 − the reseller's discount from the platform), platform stock only
 *   seller price S    = F × (1 − the seller's discount from its reseller)
 * Discounts are percentages off face value, 0 to 100.
 */
export type Amount = Decimal.Value;

export function roundCents(value: Amount): Decimal {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** F × (1 − d/100), rounded to the cent. */
export function priceAfterDiscount(face: Amount, discountPercent: Amount): Decimal {
  const d = new Decimal(discountPercent);
  if (d.isNaN() || d.lt(0) || d.gt(100)) throw new RangeError('discount must be between 0 and 100 percent');
  return roundCents(new Decimal(face).times(new Decimal(100).minus(d)).dividedBy(100));
}

export interface PriceChainInput {
  face: Amount;
  /** Whose stock is sold: the platform's (R applies) or the seller's reseller's own. */
  stockOwner: 'platform' | 'reseller';
  /** The reseller's discount from the platform; required for platform stock. */
  resellerDiscount?: Amount | null;
  sellerDiscount: Amount;
  /** The highest cost among the configuration's stock for sale; null when no stock is for sale. */
  highestCost?: Amount | null;
}

export interface PriceChain {
  face: Decimal;
  cost: Decimal | null;
  resellerPrice: Decimal | null;
  sellerPrice: Decimal;
  /** Margin of each party; null where the party is not in the chain or the cost is unknown. */
  margins: { owner: Decimal | null; reseller: Decimal | null; seller: Decimal };
}

export function priceChain(input: PriceChainInput): PriceChain {
  const face = new Decimal(input.face);
  if (face.isNaN() || face.lte(0)) throw new RangeError('face value must be greater than 0');
  const cost = input.highestCost === undefined || input.highestCost === null ? null : roundCents(input.highestCost);
  const sellerPrice = priceAfterDiscount(face, input.sellerDiscount);
  if (input.stockOwner === 'platform') {
    if (input.resellerDiscount === undefined || input.resellerDiscount === null) {
      throw new RangeError("platform stock needs the reseller's discount from the platform");
    }
    const resellerPrice = priceAfterDiscount(face, input.resellerDiscount);
    return {
      face,
      cost,
      resellerPrice,
      sellerPrice,
      margins: {
        owner: cost ? resellerPrice.minus(cost) : null,
        reseller: sellerPrice.minus(resellerPrice),
        seller: face.minus(sellerPrice),
      },
    };
  }
  return {
    face,
    cost,
    resellerPrice: null,
    sellerPrice,
    margins: { owner: null, reseller: cost ? sellerPrice.minus(cost) : null, seller: face.minus(sellerPrice) },
  };
}

export type MarginViolation = 'owner' | 'reseller' | 'seller';

/** The parties whose margin the plan makes negative; a plan with any is refused. */
export function marginViolations(input: PriceChainInput): MarginViolation[] {
  const { margins } = priceChain(input);
  return (['owner', 'reseller', 'seller'] as const).filter((p) => margins[p]?.lt(0) === true);
}

/** The plan for a reseller buying platform stock: R must cover the owner's highest cost. */
export function resellerPlanViolations(
  face: Amount,
  resellerDiscount: Amount,
  highestCost: Amount | null,
): MarginViolation[] {
  if (highestCost === null) return [];
  return priceAfterDiscount(face, resellerDiscount).lt(roundCents(highestCost)) ? ['owner'] : [];
}
