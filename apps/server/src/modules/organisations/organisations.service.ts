import { createPublicKey } from 'node:crypto';
import type { OrganisationDetails } from '@portal/contract/auth';
import { exportJWK } from 'jose';
import { AppError } from '../../platform/errors.ts';
import type { OrganisationsRepository } from './organisations.repository.ts';

export interface HostOrganisation {
  organisationId: number;
  resellerId: number | null;
}

/** The organisation is the request's host; a client-sent organisation_name is a hint that must agree. */
export function createOrganisationsService(deps: { repo: OrganisationsRepository; loginKeyPem: string }) {
  const { repo } = deps;
  // The browser encrypts the sign-in payload with this public half; the sign-in service holds the private one.
  const loginKey = exportJWK(createPublicKey(deps.loginKeyPem)).then((jwk) => ({
    ...jwk,
    alg: 'RSA-OAEP-256',
    use: 'enc',
  }));

  async function resolveHost(host: string): Promise<HostOrganisation> {
    const org = await repo.findByHost(host);
    if (!org) throw new AppError('not_found', 'Organisation not found');
    return { organisationId: org.id, resellerId: org.resellerId };
  }

  async function getBranding(host: string, hint?: string): Promise<OrganisationDetails> {
    if (hint && hint.toLowerCase() !== host.toLowerCase()) throw new AppError('not_found', 'Organisation not found');
    const org = await repo.findByHost(host);
    if (!org) throw new AppError('not_found', 'Organisation not found');
    return {
      organisation_name: org.name,
      logo: org.logo,
      login_logo: org.loginLogo,
      support_info: { email: org.supportEmail, phone: org.supportPhone, text: org.supportText },
      login_key: { ...(await loginKey) },
    };
  }

  return { resolveHost, getBranding };
}
export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
