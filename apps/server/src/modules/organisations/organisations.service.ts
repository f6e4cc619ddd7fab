import { createPublicKey } from 'node:crypto';
import type { OrganisationDetails } from '@portal/contract/auth';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { brandingOf } from './organisations.mapper.ts';
import type { OrganisationsRepository } from './organisations.repository.ts';

export interface HostOrganisation {
  organisationId: number;
  resellerId: number | null;
}

/** The organisation is the request's host; a client-sent organisation_name is a hint that must agree. */
export function createOrganisationsService(deps: { repo: OrganisationsRepository; clock: Clock; loginKeyPem: string }) {
  const { repo } = deps;
  // The browser encrypts the sign-in payload with this public half; the sign-in service holds the private one.
  const loginKey = publicLoginKey(deps.loginKeyPem);

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

function publicLoginKey(privatePem: string): OrganisationDetails['login_key'] {
  const jwk = createPublicKey(privatePem).export({ format: 'jwk' });
  if (jwk.kty !== 'RSA' || !jwk.n || !jwk.e) throw new Error('LOGIN_KEY must be an RSA private key');
  return { kty: 'RSA', n: jwk.n, e: jwk.e, alg: 'RSA-OAEP-256', use: 'enc' };
}
