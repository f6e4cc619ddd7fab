import { PRODUCT_TYPES, type ProductType } from '@portal/contract/products';
import { ROLE } from '@portal/contract/roles';
import { PRODUCT_TYPE_FLAG } from '@portal/contract/selling';
import type { Actor } from '../../platform/actor.ts';
import type { ShopRepository } from './shop.repository.ts';

/** Staff of a shop that masks its discount see face values only (DOMAIN.md mask_seller_discount). */
export const masksPrices = (actor: Actor, maskSellerDiscount: boolean) =>
  actor.customerRole === 2 && actor.internal_role === 1 && maskSellerDiscount;

export function allowedTypes(actor: Actor): ProductType[] {
  return PRODUCT_TYPES.filter((t) => actor.flags[PRODUCT_TYPE_FLAG[t]] === 1);
}

/** Staff (internal_role 1) and web_support see and reprint only their own sales; managers all the shop's. */
export const ownSalesOnly = (actor: Actor) => actor.internal_role === 1 || actor.account_role === ROLE.webSupport;

export async function shopMasks(repo: Pick<ShopRepository, 'findShop'>, actor: Actor) {
  if (actor.internal_role !== 1) return false;
  return (await repo.findShop(actor.customerId))?.mask_seller_discount === true;
}
