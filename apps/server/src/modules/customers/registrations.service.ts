import { LIMITS } from '@portal/contract/limits';
import type { RegisterBody } from '@portal/contract/registrations';
import type { Db } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf } from '../../platform/envelope.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { CustomerOnboardingService } from './customer-onboarding.service.ts';
import { registrationRowOf } from './customers.mapper.ts';
import type { CustomersRepository } from './customers.repository.ts';

/** Shops apply on the public form; the operator of the host they applied on accepts or rejects them. */
export function createRegistrationsService(deps: {
  db: Db;
  repo: CustomersRepository;
  clock: Clock;
  onboarding: CustomerOnboardingService;
  resolveHost: (host: string) => Promise<{ organisationId: number; resellerId: number | null }>;
}) {
  const { db, repo, clock, onboarding } = deps;

  /**
   * The public registration form: the application goes to the operator of the host it came in on (a
   * reseller's sub domain → that reseller; the platform's host → the platform).
   */
  async function register(host: string, b: RegisterBody) {
    const org = await deps.resolveHost(host);
    const parentId = org.resellerId ?? (await repo.findPlatformCustomer(org.organisationId));
    if (!parentId) throw notFound('Organisation');
    await onboarding.assertUsernameFree(org.organisationId, b.username);
    const id = await repo.insertRegistration({
      organisationId: org.organisationId,
      parentId,
      shopName: b.shop_name,
      contactName: b.contact_name,
      username: b.username,
      email: b.email,
      mobile: b.mobile,
      address: b.address,
      shopType: b.shop_type ?? null,
      message: b.message ?? '',
      createdAt: clock.now(),
    });
    return { registration_id: id };
  }

  async function findRegistrations(actor: Actor, q: { page: number; limit?: number; status: string }) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const { items, total } = await repo.findRegistrations(actor.customerId, q.status, { ...p, offset: offsetOf(p) });
    return {
      items: items.map(registrationRowOf),
      total,
      page: p,
      applied: { status: q.status },
    };
  }

  /** Accept → a customer with its main user and a set-password invitation; reject → with a reason. */
  async function decideRegistration(
    actor: Actor,
    b: { registration_id: number; status: 'accepted' | 'rejected'; reject_reason?: string },
    host: string,
  ) {
    const role = onboarding.childRole(actor);
    const now = clock.now();
    const created = await db.transaction(async (tx) => {
      const r = await repo.lockPendingRegistration(b.registration_id, actor.customerId, tx);
      if (!r) throw notFound('Registration');
      if (r.status !== 'pending') throw new AppError('conflict', 'This registration was already decided');
      if (b.status === 'rejected') {
        await repo.decideRegistration(
          r.id,
          { status: 'rejected', rejectReason: b.reject_reason ?? '', customerId: null, by: actor.userId, at: now },
          tx,
        );
        return null;
      }
      const made = await onboarding.createCustomerIn(
        tx,
        actor,
        role,
        { name: r.shopName, address: r.address, shopType: r.shopType, email: r.email },
        { username: r.username, contactName: r.contactName, email: r.email, mobile: r.mobile },
      );
      await repo.decideRegistration(
        r.id,
        { status: 'accepted', rejectReason: null, customerId: made.customerId, by: actor.userId, at: now },
        tx,
      );
      return { ...made, email: r.email, mobile: r.mobile };
    });
    if (created) await onboarding.invite(created.userId, created, host, actor.userId);
    return { registration_id: b.registration_id, status: b.status, customer_id: created?.customerId ?? null };
  }

  return { register, findRegistrations, decideRegistration };
}
export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
