import { allowedCustomerFlags } from '@portal/contract/customer-fields';
import type { FieldError } from '@portal/contract/envelope';
import { ROLE, ROLE_FLAGS } from '@portal/contract/roles';
import type { Db, Tx } from '../../db/connect.ts';
import type { customers } from '../../db/schema/customers.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, validationError } from '../../platform/errors.ts';
import { hashPassword } from '../auth/account.ts';
import { languageOf, messageText } from '../outbox/message-texts.ts';
import type { CustomersRepository } from './customers.repository.ts';

export type CustomerSet = Partial<typeof customers.$inferInsert>;

export const fieldError = (field: string, rule: string, message: string): FieldError => ({
  field,
  rule,
  message: `${field}: ${message}`,
});

/**
 * Bringing a new customer in, by an operator's form or an accepted registration: its customer row, main
 * user and wallet in one transaction, then a set-password invitation through the outbox.
 */
export function createCustomerOnboardingService(deps: {
  db: Db;
  repo: CustomersRepository;
  clock: Clock;
  openWallet: (customerId: number, tx: Tx) => Promise<void>;
  createInvitation: (userId: number) => Promise<string>;
  outbox: {
    queue(m: { channel: 'sms' | 'email'; recipient: string; subject: string; body: string }, tx?: Tx): Promise<number>;
    dispatch(id: number): Promise<void>;
  };
}) {
  const { db, repo, clock } = deps;

  /** Operators create the level below them: the platform its resellers, a reseller its shops. */
  function childRole(actor: Actor): 1 | 2 {
    if (actor.customerRole === 0) return ROLE.reseller;
    if (actor.customerRole === 1) return ROLE.seller;
    throw new AppError('forbidden', 'You are not authorized');
  }

  async function assertUsernameFree(organisationId: number, username: string, tx: Tx = db) {
    if (await repo.usernameTaken(organisationId, username, tx)) {
      throw validationError([fieldError('username', 'taken', 'is already taken')]);
    }
  }

  /** Customer, main user and wallet in one transaction; staff creating it get it assigned. */
  async function createCustomerIn(
    tx: Tx,
    actor: Actor,
    role: 1 | 2,
    set: CustomerSet & { name: string },
    user: { username: string; contactName?: string; email?: string; mobile?: string; password?: string },
  ) {
    const now = clock.now();
    await assertUsernameFree(actor.organisationId, user.username, tx);
    const features = set.features ?? allowedCustomerFlags(role);
    const customerId = await repo.insertCustomer(
      { ...set, features, organisationId: actor.organisationId, parentId: actor.customerId, accountRole: role },
      tx,
    );
    const userId = await repo.insertUser(
      {
        customerId,
        organisationId: actor.organisationId,
        username: user.username,
        name: user.contactName ?? set.name,
        email: user.email ?? null,
        mobile: user.mobile ?? null,
        passwordHash: user.password ? await hashPassword(user.password) : null,
        accountRole: role,
        internalRole: 0,
        isMain: true,
        features: features.filter((f) => (ROLE_FLAGS[role] as readonly string[]).includes(f)),
      },
      tx,
    );
    await deps.openWallet(customerId, tx);
    if (set.subDomain) await repo.bindSubDomain(customerId, actor.organisationId, set.subDomain, tx);
    if (actor.internal_role === 1) await repo.assignToStaff(actor.userId, actor.customerId, customerId, now, tx);
    return { customerId, userId };
  }

  /**
   * A set-password link through the outbox, to the user's e-mail, else its mobile, in the user's language: a
   * user without one takes its inviter's, who knows the person and chose the portal's language for itself.
   */
  async function invite(
    userId: number,
    to: { email?: string | null; mobile?: string | null },
    host: string,
    inviterId: number,
  ) {
    const recipient = to.email ?? to.mobile;
    if (!recipient) return;
    const token = await deps.createInvitation(userId);
    const link = `https://${host}/registration/set-password/${token}`;
    const language = languageOf(await repo.takeInviterLanguage(userId, inviterId));
    const id = await deps.outbox.queue({
      channel: to.email ? 'email' : 'sms',
      recipient,
      ...messageText(language, 'invitation', { link }),
    });
    await deps.outbox.dispatch(id);
  }

  return { childRole, assertUsernameFree, createCustomerIn, invite };
}
export type CustomerOnboardingService = ReturnType<typeof createCustomerOnboardingService>;
