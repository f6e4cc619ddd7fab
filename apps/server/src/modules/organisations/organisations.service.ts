import { createPublicKey } from 'node:crypto';
import type { OrganisationDetails } from '@portal/contract/auth';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { KeyRing } from '../../platform/keys.ts';
import { brandingOf } from './organisations.mapper.ts';
import type { OrganisationsRepository } from './organisations.repository.ts';

export interface HostOrganisation {
  organisationId: number;
  resellerId: number | null;
}

/** The organisation is the request's host; a client-sent organisation_name is a hint that must agree. */
export function createOrganisationsService(deps: {
  repo: OrganisationsRepository;
  clock: Clock;
  loginKeys: KeyRing<string>;
}) {
  const { repo } = deps;
  // The browser encrypts the sign-in payload with this public half; the sign-in service holds the private ones.
  // Only the active key's: a copy hands out a new key only once every copy can read with it (decision 0148).
  const loginKey = publicLoginKey(deps.loginKeys.keys.get(deps.loginKeys.active) as string, deps.loginKeys.active);

  async function resolveHost(host: string): Promise<HostOrganisation> {
    const org = await repo.findByHost(host);
    if (!org) throw new AppError('not_found', 'Organisation not found');
    return { organisationId: org.id, resellerId: org.resellerId };
  }

  async function getBranding(host: string, hint?: string): Promise<OrganisationDetails> {
    if (hint && hint.toLowerCase() !== host.toLowerCase()) throw new AppError('not_found', 'Organisation not found');
    const org = await repo.findByHost(host);
    if (!org) throw new AppError('not_found', 'Organisation not found');
    return brandingOf(org, loginKey, deps.clock.now());
  }

  return { resolveHost, getBranding };
}
export type OrganisationsService = ReturnType<typeof createOrganisationsService>;

function publicLoginKey(privatePem: string, id: number): OrganisationDetails['login_key'] {
  const jwk = createPublicKey(privatePem).export({ format: 'jwk' });
  if (jwk.kty !== 'RSA' || !jwk.n || !jwk.e) throw new Error('LOGIN_KEY must be an RSA private key');
  return { kty: 'RSA', n: jwk.n, e: jwk.e, alg: 'RSA-OAEP-256', use: 'enc', kid: String(id) };
}
