import { allowedCustomerFlags } from '@portal/contract/customer-fields';
import type { AddCustomerBody, EditCustomerBody, ViewCustomersBody } from '@portal/contract/customers';
import type { FieldError } from '@portal/contract/envelope';
import { LIMITS } from '@portal/contract/limits';
import { ROLE } from '@portal/contract/roles';
import type { Db, Tx } from '../../db/connect.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { bit, offsetOf } from '../../platform/envelope.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { type CustomerOnboardingService, type CustomerSet, fieldError } from './customer-onboarding.service.ts';
import {
  customerChoiceOf,
  customerDetailsOf,
  customerListRowOf,
  invoiceDataColumns,
  withoutAbsent,
} from './customers.mapper.ts';
import type { CustomersRepository } from './customers.repository.ts';

/** The address differs: an add takes it whole, an edit as a patch of its parts. */
type Fields = Omit<Partial<AddCustomerBody> & Partial<EditCustomerBody>, 'address'>;

/** The customer screens of an operator: list, details, add, edit and the sections saved on their own. */
export function createCustomersService(deps: {
  db: Db;
  repo: CustomersRepository;
  clock: Clock;
  onboarding: CustomerOnboardingService;
  /** A default slab change must not make a shop pay less for platform stock than its reseller. */
  assertSlabMargins: (tx: Tx, actor: Actor, customerId: number) => Promise<void>;
}) {
  const { db, repo, clock, onboarding } = deps;

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
      ...extraColumns(b),
    };
    return withoutAbsent(set);
  }

  function extraColumns(b: Fields): CustomerSet {
    return withoutAbsent({
      shopType: b.shop_type,
      shopTimings: b.shop_timings as CustomerSet['shopTimings'],
      holidays: b.holidays,
      lunch: b.lunch,
      smsSenderId: b.sms_sender_id,
      loginLogo: b.login_logo,
      alternativeMobiles: b.alternative_mobiles,
      organisationType: b.organisation_type,
      maskSellerDiscount: b.mask_seller_discount,
      terminalLimit: b.terminal_limit,
      ...invoiceDataColumns(b),
    });
  }

  async function addCustomer(actor: Actor, body: AddCustomerBody, host: string) {
    const role = onboarding.childRole(actor);
    const set = { ...(await customerColumns(actor, role, body)), name: body.name, address: body.address };
    const created = await db.transaction((tx) =>
      onboarding.createCustomerIn(tx, actor, role, set, {
        username: body.username,
        contactName: body.contact_name,
        email: body.email,
        mobile: body.mobile,
        password: body.password,
      }),
    );
    if (!body.password) await onboarding.invite(created.userId, body, host, actor.userId);
    return { customer_id: created.customerId, user_id: created.userId, invitation_sent: bit(!body.password) };
  }

  async function editCustomer(actor: Actor, body: EditCustomerBody) {
    const c = await ownCustomer(actor, body.customer_id);
    const set = await customerColumns(actor, c.accountRole as 1 | 2, body, c.id);
    await db.transaction(async (tx) => {
      await repo.updateCustomer(c.id, set, tx);
      if (body.address) await repo.patchAddress(c.id, body.address, tx);
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
    return { customer_id: b.customer_id, is_active: bit(b.is_active) };
  }

  /** What deactivating the customer would do, for the confirmation; the same visibility as the change itself. */
  async function statusImpact(actor: Actor, customerId: number) {
    const c = await ownCustomer(actor, customerId);
    const { name, shops, users } = await repo.statusImpact(customerId);
    return { customer_id: customerId, name, account_role: c.accountRole, shops, users };
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
    b: { customer_id: number; api_enabled: boolean; api_allowed_ips?: string[]; api_callback_url?: string | null },
  ) {
    await ownCustomer(actor, b.customer_id);
    await repo.updateCustomer(
      b.customer_id,
      withoutAbsent({
        apiEnabled: b.api_enabled,
        apiAllowedIps: b.api_allowed_ips,
        apiCallbackUrl: b.api_callback_url,
      }),
    );
    return getDetails(actor, b.customer_id);
  }

  async function updateOtpType(
    actor: Actor,
    b: { customer_id: number; enable_otp: boolean; otp_type?: 'sms' | 'email' },
  ) {
    await ownCustomer(actor, b.customer_id);
    const otpType = await repo.updateOtp(
      b.customer_id,
      withoutAbsent({ enableOtp: b.enable_otp, otpChannel: b.otp_type }),
    );
    return { customer_id: b.customer_id, enable_otp: bit(b.enable_otp), otp_type: otpType };
  }

  async function checkUsername(actor: Actor, username: string) {
    return { username, available: bit(!(await repo.usernameTaken(actor.organisationId, username))) };
  }

  async function findCustomers(actor: Actor, q: ViewCustomersBody) {
    const p = { page: q.page, limit: q.limit ?? LIMITS.pageSize };
    const search = (q.search_text ?? q.filters?.search_text)?.trim() || undefined;
    const isActive = q.is_active ?? q.filters?.is_active;
    const { items, total } = await repo.findPage(actor, { search, isActive }, { ...p, offset: offsetOf(p) });
    const applied = {
      ...(search ? { search_text: search } : {}),
      ...(isActive === undefined ? {} : { is_active: bit(isActive) }),
    };
    return { items: items.map(customerListRowOf), total, page: p, applied };
  }

  async function findLessData(actor: Actor) {
    return (await repo.findLessData(actor)).map(customerChoiceOf);
  }

  async function getDetails(actor: Actor, customerId: number) {
    const d = await repo.findDetails(actor, customerId);
    if (!d) throw notFound('Customer');
    return customerDetailsOf(d);
  }

  return {
    addCustomer,
    editCustomer,
    updateStatus,
    statusImpact,
    updateExtra,
    updateRemarks,
    updateApiDetails,
    updateOtpType,
    checkUsername,
    findCustomers,
    findLessData,
    getDetails,
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
