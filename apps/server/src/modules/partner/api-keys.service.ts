import {
  API_KEY_PREFIX,
  type ApiKeyRow,
  type ApiKeysAnswer,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@portal/contract/partner';
import { ROLE } from '@portal/contract/roles';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../platform/actor.ts';
import { berlinDate } from '../../platform/berlin-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken, sha256 } from '../../platform/crypto.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { bearerToken } from '../../platform/guard.ts';
import { actorOf, assertActive } from '../auth/account.ts';
import { ipAllowed } from './ip-allow-list.ts';
import type { ApiKeyRecord, PartnerRepository } from './partner.repository.ts';
import { shopOf } from './shop-scope.ts';

/** How much of a key is kept in clear to tell keys apart: the prefix and 6 random characters. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;
/** Writing the last-used time on every call would make each read a write; a minute is precise enough. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The partner API's keys (decision 0097): made for one user of a shop and shown once, kept as a SHA-256
 * (a key is 256 random bits, so a fast hash is enough), revoked, and resolved to that user on every call.
 * A shop's managers manage its keys on `/seller/api`; operators on `/customer/details/{id}` (`shopId`).
 */
export function createApiKeysService(deps: {
  repo: PartnerRepository;
  webhooks: { findSettings(customerId: number, callbackUrl: string | null): Promise<ApiKeysAnswer['webhook']> };
  clock: Clock;
}) {
  const { repo, webhooks, clock } = deps;

  async function findKeys(actor: Actor, shopId?: number): Promise<ApiKeysAnswer> {
    const shop = await shopOf(repo, actor, shopId);
    const [keys, users, webhook] = await Promise.all([
      repo.findKeys(shop.id),
      repo.findShopUsers(shop.id),
      webhooks.findSettings(shop.id, shop.apiCallbackUrl),
    ]);
    return {
      customer_id: shop.id,
      api_enabled: shop.apiEnabled ? 1 : 0,
      api_allowed_ips: shop.apiAllowedIps,
      webhook,
      api_keys: keys.map((k) => apiKeyRowOf(k, clock.now())),
      users,
    };
  }

  async function createKey(actor: Actor, body: CreateApiKeyBody, shopId?: number): Promise<CreatedApiKey> {
    const shop = await shopOf(repo, actor, shopId);
    const users = await repo.findShopUsers(shop.id);
    if (!users.some((u) => u.user_id === body.user_id)) {
      throw validationError([
        { field: 'user_id', rule: 'invalid', message: 'user_id: not an active user of this shop' },
      ]);
    }
    const now = clock.now();
    if (body.expires_at && body.expires_at < berlinDate(now)) {
      throw validationError([{ field: 'expires_at', rule: 'not_past', message: 'expires_at: today or a later day' }]);
    }
    const apiKey = `${API_KEY_PREFIX}${randomToken(32)}`;
    const id = await repo.insert({
      customerId: shop.id,
      userId: body.user_id,
      name: body.name,
      keyHash: sha256(apiKey),
      keyPrefix: apiKey.slice(0, SHOWN_PREFIX_LENGTH),
      createdAt: now,
      createdBy: actor.userId,
      lastDay: body.expires_at ?? null,
    });
    const row = await repo.findKey(shop.id, id);
    if (!row) throw notFound('API key');
    return { ...apiKeyRowOf(row, now), api_key: apiKey };
  }

  async function revokeKey(actor: Actor, apiKeyId: string, shopId?: number): Promise<ApiKeyRow> {
    const shop = await shopOf(repo, actor, shopId);
    const revoked = await repo.revoke(shop.id, apiKeyId, actor.userId, clock.now());
    const row = await repo.findKey(shop.id, apiKeyId);
    if (!row || (!revoked && !row.revokedAt)) throw notFound('API key');
    return apiKeyRowOf(row, clock.now());
  }

  /**
   * The actor of a partner call: the key's user, when the key is live, its shop's API is on and the call
   * comes from one of the shop's allowed addresses. An unknown or revoked key is 401 whatever the address.
   */
  async function resolveActor(req: FastifyRequest): Promise<Actor> {
    const key = bearerToken(req);
    const found = key.startsWith(API_KEY_PREFIX) ? await repo.findByHash(sha256(key)) : undefined;
    if (!found || found.key.revokedAt) throw new AppError('api_key_invalid', 'Unknown or revoked API key');
    const now = clock.now();
    // Like a revoked key, before the address: the key names the shop, and its holder learns to make a new one.
    if (found.key.expiresAt && now >= found.key.expiresAt) {
      const day = lastDayOf(found.key.expiresAt);
      throw new AppError('api_key_expired', `The API key expired after ${day}`, { params: { expires_at: day } });
    }
    assertActive(found.account);
    if (found.account.customerRole !== ROLE.seller) throw new AppError('api_key_invalid', 'Unknown or revoked API key');
    if (!found.api.enabled) throw new AppError('api_disabled', "The shop's API access is switched off");
    if (!ipAllowed(req.ip, found.api.allowedIps)) {
      throw new AppError('ip_not_allowed', `Requests from ${req.ip} are not allowed for this shop`, {
        params: { ip: req.ip },
      });
    }
    if (!found.key.lastUsedAt || now.getTime() - found.key.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      await repo.touch(found.key.id, now);
    }
    return actorOf(found.account, found.key.id);
  }

  return { findKeys, createKey, revokeKey, resolveActor };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;

/** The last Berlin day a key works: the day before the midnight it stops at. */
const lastDayOf = (expiresAt: Date) => berlinDate(new Date(expiresAt.getTime() - 1));

function apiKeyRowOf(r: ApiKeyRecord, now: Date): ApiKeyRow {
  return {
    api_key_id: r.id,
    name: r.name,
    key_prefix: r.keyPrefix,
    user_id: r.userId,
    username: r.username,
    created_at: r.createdAt.toISOString(),
    created_by: r.createdBy,
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    expires_at: r.expiresAt ? lastDayOf(r.expiresAt) : null,
    expired: r.expiresAt && now >= r.expiresAt ? 1 : 0,
    revoked_at: r.revokedAt?.toISOString() ?? null,
  };
}
