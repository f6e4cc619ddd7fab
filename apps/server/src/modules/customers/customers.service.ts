import { verify as argonVerify } from '@node-rs/argon2';
import {
  type AddCustomerBody,
  allowedCustomerFlags,
  type CustomerListRow,
  type EditCustomerBody,
  type RegisterBody,
  type ViewCustomersBody,
} from '@portal/contract/customers';
import type { FieldError } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import { ROLE, ROLE_FLAGS } from '@portal/contract/roles';
import { Decimal } from 'decimal.js';
import type { Db, Tx } from '../../db/connect.ts';
import type { customers } from '../../db/schema/customers.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { offsetOf } from '../../platform/envelope.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { hashPassword } from '../auth/auth.service.ts';
import type { CustomersRepository } from './customers.repository.ts';

type CustomerSet = Partial<typeof customers.$inferInsert>;
type Fields = Partial<AddCustomerBody> & Partial<EditCustomerBody>;

const fieldError = (field: string, rule: string, message: string): FieldError => ({
  field,
  rule,
  message: `${field}: ${message}`,
});
const fixed2 = (v: string | null | undefined) => (v === null || v === undefined ? null : new Decimal(v).toFixed(2));

export function createCustomersService(deps: {
  db: Db;
  repo: CustomersRepository;
  clock: Clock;
  /** A default slab change must not make a shop pay less for platform stock than its reseller. */
  assertSlabMargins: (tx: Tx, actor: Actor, customerId: number) => Promise<void>;
  openWallet: (customerId: number, tx: Tx) => Promise<void>;
  resolveHost: (host: string) => Promise<{ organisationId: number; resellerId: number | null }>;
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

  async function ownCustomer(actor: Actor, customerId: number, tx: Tx = db) {
    const c = await repo.isVisible(actor, customerId, tx);
    if (!c) throw notFound('Customer');
    return c;
  }

  /** The section 3 fields common to add and edit, checked against the owner and mapped to columns. */
  async function customerColumns(actor: Actor, role: 1 | 2, b: Fields, customerId?: number): Promise<CustomerSet> {
    const errors: FieldError[] = [];
    if (b.sub_domain && role !== ROLE.reseller) {
      errors.push(fieldError('sub_domain', 'reseller_only', 'only a reseller has a sub domain'));
    }
    if (b.sub_domain && (await repo.hostTaken(b.sub_domain, customerId ?? null))) {
      errors.push(fieldError('sub_domain', 'taken', 'is already in use'));
    }
    if (b.discount_slab_id && !(await repo.slabOwnedBy(b.discount_slab_id, actor.customerId))) {
      errors.push(fieldError('discount_slab_id', 'not_found', 'no such discount slab'));
    }
    if (b.features) {
      const allowed = new Set(allowedCustomerFlags(role));
      const wrong = b.features.filter((f) => !allowed.has(f));
      if (wrong.length)
        errors.push(fieldError('features', 'not_allowed', `not for this customer: ${wrong.join(', ')}`));
    }
    if (errors.length) throw validationError(errors);
    const set: CustomerSet = {
      name: b.name,
      organisationType: b.organisation_type,
      email: b.email,
      creditLimit: b.credit_limit,
      balanceTrigger: b.balance_trigger,
      balanceTopup: b.balance_topup,
      autoCredit: b.auto_credit,
      discountSlabId: b.discount_slab_id,
      subDomain: b.sub_domain,
      enableOtp: b.enable_otp,
      otpChannel: b.otp_type,
      remarks: b.remarks,
      features: b.features,
      address: b.address,
      ...extraColumns(b),
    };
    return Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as CustomerSet;
  }

  function extraColumns(b: Fields): CustomerSet {
    const set: CustomerSet = {
      shopType: b.shop_type,
      shopTimings: b.shop_timings as CustomerSet['shopTimings'],
      holidays: b.holidays,
      lunch: b.lunch,
      smsSenderId: b.sms_sender_id,
      invoiceLogo: b.invoice_logo,
      invoiceHeaderImage: b.invoice_header_image,
      invoiceFooterImage: b.invoice_footer_image,
      loginLogo: b.login_logo,
      alternativeMobiles: b.alternative_mobiles,
      organisationType: b.organisation_type,
      maskSellerDiscount: b.mask_seller_discount,
      terminalLimit: b.terminal_limit,
    };
    return Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as CustomerSet;
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

  /** A set-password link through the outbox, to the user's e-mail, else its mobile. */
  async function invite(userId: number, to: { email?: string | null; mobile?: string | null }, host: string) {
    const recipient = to.email ?? to.mobile;
    if (!recipient) return;
    const token = await deps.createInvitation(userId);
    const link = `https://${host}/registration/set-password/${token}`;
    const id = await deps.outbox.queue({
      channel: to.email ? 'email' : 'sms',
      recipient,
      subject: 'Your account: set your password',
      body: `Your account is ready. Set your password here: ${link}`,
    });
    await deps.outbox.dispatch(id);
  }

  async function addCustomer(actor: Actor, body: AddCustomerBody, host: string) {
    const role = childRole(actor);
    const set = { ...(await customerColumns(actor, role, body)), name: body.name };
    const created = await db.transaction((tx) =>
      createCustomerIn(tx, actor, role, set, {
        username: body.username,
        contactName: body.contact_name,
        email: body.email,
        mobile: body.mobile,
        password: body.password,
      }),
    );
    if (!body.password) await invite(created.userId, body, host);
    return { customer_id: created.customerId, user_id: created.userId, invitation_sent: body.password ? 0 : 1 };
  }

  async function editCustomer(actor: Actor, body: EditCustomerBody) {
    const c = await ownCustomer(actor, body.customer_id);
    const set = await customerColumns(actor, c.accountRole as 1 | 2, body, c.id);
    await db.transaction(async (tx) => {
      await repo.updateCustomer(c.id, set, tx);
      const user = { name: body.contact_name, email: body.email, mobile: body.mobile };
      await repo.updateMainUser(c.id, Object.fromEntries(Object.entries(user).filter(([, v]) => v !== undefined)), tx);
      if (body.sub_domain !== undefined) await repo.bindSubDomain(c.id, c.organisationId, body.sub_domain, tx);
      if (body.discount_slab_id !== undefined) await deps.assertSlabMargins(tx, actor, c.id);
    });
    return getDetails(actor, c.id);
  }

  async function updateStatus(actor: Actor, b: { customer_id: number; is_active: boolean }) {
    await ownCustomer(actor, b.customer_id);
    // Deactivation takes effect on the next request of every user of the customer and of its shops.
    await repo.updateCustomer(b.customer_id, { isActive: b.is_active, stoppedAt: b.is_active ? null : clock.now() });
    return { customer_id: b.customer_id, is_active: b.is_active ? 1 : 0 };
  }

  async function updateExtra(actor: Actor, b: Fields & { customer_id: number }) {
    await ownCustomer(actor, b.customer_id);
    await repo.updateCustomer(b.customer_id, extraColumns(b));
    return getDetails(actor, b.customer_id);
  }

  async function updateRemarks(actor: Actor, b: { customer_id: number; remarks: string }) {
    await ownCustomer(actor, b.customer_id);
    await repo.updateCustomer(b.customer_id, { remarks: b.remarks });
    return { customer_id: b.customer_id, remarks: b.remarks };
  }

  async function updateApiDetails(
    actor: Actor,
    b: { customer_id: number; api_enabled: boolean; api_allowed_ips: string[]; api_callback_url?: string | null },
  ) {
    await ownCustomer(actor, b.customer_id);
    await repo.updateCustomer(b.customer_id, {
      apiEnabled: b.api_enabled,
      apiAllowedIps: b.api_allowed_ips,
      apiCallbackUrl: b.api_callback_url ?? null,
    });
    return getDetails(actor, b.customer_id);
  }

  async function updateOtpType(
    actor: Actor,
    b: { customer_id: number; enable_otp: boolean; otp_type: 'sms' | 'email' },
  ) {
    await ownCustomer(actor, b.customer_id);
    await repo.updateCustomer(b.customer_id, { enableOtp: b.enable_otp, otpChannel: b.otp_type });
    return { customer_id: b.customer_id, enable_otp: b.enable_otp ? 1 : 0, otp_type: b.otp_type };
  }

  async function checkUsername(actor: Actor, username: string) {
    return { username, available: (await repo.usernameTaken(actor.organisationId, username)) ? 0 : 1 };
  }

  /** An operator sets the password of a user of one of its customers; that user's sessions end. */
  async function changePassword(actor: Actor, b: { username: string; new_password: string }) {
    const userId = await repo.findUserInScope(actor, b.username);
    if (!userId) throw notFound('User');
    const hash = await hashPassword(b.new_password);
    await db.transaction(async (tx) => {
      await repo.setPassword(userId, hash, tx);
      await repo.endSessions(userId, clock.now(), tx);
    });
  }

  /** A user changes its own password; its other sessions end. */
  async function updatePassword(actor: Actor, b: { old_password: string; new_password: string }) {
    const current = await repo.findPasswordHash(actor.userId);
    const ok = current ? await argonVerify(current, b.old_password).catch(() => false) : false;
    if (!ok) throw validationError([fieldError('old_password', 'wrong', 'is not your current password')]);
    const hash = await hashPassword(b.new_password);
    await db.transaction(async (tx) => {
      await repo.setPassword(actor.userId, hash, tx);
      await repo.endSessions(actor.userId, clock.now(), tx, actor.sessionId);
    });
  }

  async function findCustomers(actor: Actor, q: ViewCustomersBody) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const search = (q.search_text ?? q.filters?.search_text)?.trim() || undefined;
    const isActive = q.is_active ?? q.filters?.is_active;
    const { items, total } = await repo.findPage(actor, { search, isActive }, { ...p, offset: offsetOf(p) });
    const rows: CustomerListRow[] = items.map((r) => ({
      customer_id: r.customer_id,
      username: r.username,
      name: r.name,
      account_role: r.account_role,
      is_active: r.is_active ? 1 : 0,
      credit_limit: fixed2(r.credit_limit) ?? '0.00',
      balance: fixed2(r.balance) ?? '0.00',
      outstanding_credit: fixed2(r.outstanding_credit) ?? '0.00',
      email: r.email,
      mobile: r.mobile,
      city: r.address?.city ?? '',
      created_at: r.created_at.toISOString(),
    }));
    const applied = {
      ...(search ? { search_text: search } : {}),
      ...(isActive === undefined ? {} : { is_active: isActive ? 1 : 0 }),
    };
    return { items: rows, total, page: p, applied };
  }

  async function findLessData(actor: Actor) {
    return (await repo.findLessData(actor)).map((r) => ({ ...r, is_active: r.is_active ? 1 : 0 }));
  }

  async function getDetails(actor: Actor, customerId: number) {
    const d = await repo.findDetails(actor, customerId);
    if (!d) throw notFound('Customer');
    const c = d.customer;
    return {
      customer_id: c.id,
      account_role: c.accountRole,
      name: c.name,
      organisation_type: c.organisationType,
      username: d.user?.username ?? null,
      user_id: d.user?.user_id ?? null,
      contact_name: d.user?.contact_name ?? null,
      email: d.user?.email ?? c.email,
      mobile: d.user?.mobile ?? null,
      alternative_mobiles: c.alternativeMobiles,
      address: c.address ?? { address: '', house_no: '', postal: '', city: '' },
      is_active: c.isActive ? 1 : 0,
      credit_limit: fixed2(c.creditLimit),
      balance: fixed2(d.wallet?.balance ?? '0'),
      outstanding_credit: fixed2(d.wallet?.outstanding_credit ?? '0'),
      auto_credit: c.autoCredit ? 1 : 0,
      balance_trigger: fixed2(c.balanceTrigger),
      balance_topup: fixed2(c.balanceTopup),
      discount_slab_id: c.discountSlabId,
      discount_slab_name: d.slabName,
      sub_domain: c.subDomain,
      sms_sender_id: c.smsSenderId,
      invoice_logo: c.invoiceLogo,
      invoice_header_image: c.invoiceHeaderImage,
      invoice_footer_image: c.invoiceFooterImage,
      login_logo: c.loginLogo,
      shop_type: c.shopType,
      shop_timings: c.shopTimings,
      holidays: c.holidays ?? [],
      lunch: c.lunch,
      mask_seller_discount: c.maskSellerDiscount ? 1 : 0,
      terminal_limit: c.terminalLimit,
      enable_otp: c.enableOtp ? 1 : 0,
      otp_type: c.otpChannel,
      remarks: c.remarks,
      api_enabled: c.apiEnabled ? 1 : 0,
      api_allowed_ips: c.apiAllowedIps,
      api_callback_url: c.apiCallbackUrl,
      features: c.features,
      created_at: c.createdAt.toISOString(),
      stopped_at: c.stoppedAt?.toISOString() ?? null,
    };
  }

  /**
   * The public registration form: the application goes to the operator of the host it came in on (a
   * reseller's sub domain → that reseller; the platform's host → the platform).
   */
  async function register(host: string, b: RegisterBody) {
    const org = await deps.resolveHost(host);
    const parentId = org.resellerId ?? (await repo.findPlatformCustomer(org.organisationId));
    if (!parentId) throw notFound('Organisation');
    await assertUsernameFree(org.organisationId, b.username);
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
      items: items.map((r) => ({
        ...r,
        created_at: r.created_at.toISOString(),
        decided_at: r.decided_at?.toISOString() ?? null,
      })),
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
    const role = childRole(actor);
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
      const made = await createCustomerIn(
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
    if (created) await invite(created.userId, created, host);
    return { registration_id: b.registration_id, status: b.status, customer_id: created?.customerId ?? null };
  }

  /** Ends every session of a user (its password was reset or it was deactivated). */
  async function endUserSessions(userId: number) {
    await repo.endSessions(userId, clock.now(), db);
  }

  return {
    invite,
    endUserSessions,
    addCustomer,
    editCustomer,
    updateStatus,
    updateExtra,
    updateRemarks,
    updateApiDetails,
    updateOtpType,
    checkUsername,
    changePassword,
    updatePassword,
    findCustomers,
    findLessData,
    getDetails,
    register,
    findRegistrations,
    decideRegistration,
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
