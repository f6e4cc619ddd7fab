import { ROLE } from '@portal/contract/roles';
import type { Actor } from '../../platform/actor.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { PartnerRepository } from './partner.repository.ts';

/**
 * The shop whose partner settings are meant: an operator's named customer (one it sees, else 404), or the caller's
 * own shop. Only shops have keys and webhooks (DOMAIN.md: the buyer is a shop).
 */
export async function shopOf(repo: Pick<PartnerRepository, 'findShop'>, actor: Actor, shopId?: number) {
  const shop = shopId === undefined ? await repo.findShop(actor.customerId) : await repo.findShop(shopId, actor);
  if (!shop) throw notFound('Customer');
  if (shop.accountRole !== ROLE.seller) {
    throw new AppError('api_keys_shops_only', 'Only shops can have API keys; a reseller sells online through a shop');
  }
  return shop;
}
