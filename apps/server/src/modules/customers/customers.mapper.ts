import { OTP_CHANNELS, withoutUrlCredentials } from '@portal/contract/customer-fields';
import type { CustomerChoice, CustomerDetails, CustomerListRow } from '@portal/contract/customers';
import { LEGAL_FORMS, REGISTER_TYPES } from '@portal/contract/legal-ids';
import type { PlatformDetails, UpdatePlatformDetailsBody } from '@portal/contract/platform-details';
import { REGISTRATION_STATUSES, type RegistrationRow } from '@portal/contract/registrations';
import { z } from 'zod';
import { bit } from '../../platform/envelope.ts';
import { moneyText, moneyTextOrNull } from '../../platform/money.ts';
import type { CustomerSet } from './customer-onboarding.service.ts';
import type { CustomersRepository } from './customers.repository.ts';

type ListRow = Awaited<ReturnType<CustomersRepository['findPage']>>['items'][number];
type ChoiceRow = Awaited<ReturnType<CustomersRepository['findLessData']>>[number];
type DetailsRow = NonNullable<Awaited<ReturnType<CustomersRepository['findDetails']>>>;
type PlatformRow = NonNullable<Awaited<ReturnType<CustomersRepository['findInvoiceData']>>>;
type StoredRegistration = Awaited<ReturnType<CustomersRepository['findRegistrations']>>['items'][number];

// The tables' CHECK constraints allow only these values.
const otpChannel = z.enum(OTP_CHANNELS);
const registrationStatus = z.enum(REGISTRATION_STATUSES);
export const noAddress = { address: '', house_no: '', postal: '', city: '' };

export function customerListRowOf(r: ListRow): CustomerListRow {
  return {
    customer_id: r.customer_id,
    username: r.username,
    name: r.name,
    account_role: r.account_role,
    is_active: bit(r.is_active),
    credit_limit: moneyText(r.credit_limit),
    balance: moneyText(r.balance ?? '0'),
    outstanding_credit: moneyText(r.outstanding_credit ?? '0'),
    email: r.email,
    mobile: r.mobile,
    city: r.address?.city ?? '',
    created_at: r.created_at.toISOString(),
  };
}

export function customerChoiceOf(r: ChoiceRow): CustomerChoice {
  return { customer_id: r.customer_id, name: r.name, username: r.username, is_active: bit(r.is_active) };
}

export function customerDetailsOf(d: DetailsRow): CustomerDetails {
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
    address: c.address ?? noAddress,
    is_active: bit(c.isActive),
    credit_limit: moneyTextOrNull(c.creditLimit),
    balance: moneyText(d.wallet?.balance ?? '0'),
    outstanding_credit: moneyText(d.wallet?.outstanding_credit ?? '0'),
    auto_credit: bit(c.autoCredit),
    balance_trigger: moneyTextOrNull(c.balanceTrigger),
    balance_topup: moneyTextOrNull(c.balanceTopup),
    discount_slab_id: c.discountSlabId,
    discount_slab_name: d.slabName,
    sub_domain: c.subDomain,
    sms_sender_id: c.smsSenderId,
    ...invoiceDataOf(c),
    login_logo: c.loginLogo,
    shop_type: c.shopType,
    shop_timings: c.shopTimings,
    holidays: c.holidays ?? [],
    lunch: c.lunch,
    mask_seller_discount: bit(c.maskSellerDiscount),
    terminal_limit: c.terminalLimit,
    enable_otp: bit(c.enableOtp),
    otp_type: otpChannel.parse(c.otpChannel),
    remarks: c.remarks,
    api_enabled: bit(c.apiEnabled),
    api_allowed_ips: c.apiAllowedIps,
    api_callback_url: withoutUrlCredentials(c.apiCallbackUrl),
    features: c.features,
    created_at: c.createdAt.toISOString(),
    stopped_at: c.stoppedAt?.toISOString() ?? null,
  };
}

export function registrationRowOf(r: StoredRegistration): RegistrationRow {
  return {
    registration_id: r.registration_id,
    shop_name: r.shop_name,
    contact_name: r.contact_name,
    username: r.username,
    email: r.email,
    mobile: r.mobile,
    address: r.address,
    shop_type: r.shop_type,
    message: r.message,
    status: registrationStatus.parse(r.status),
    reject_reason: r.reject_reason,
    customer_id: r.customer_id,
    created_at: r.created_at.toISOString(),
    decided_at: r.decided_at?.toISOString() ?? null,
  };
}

/** The invoice data of a body (images and legal data) → columns; absent fields stay, null clears. */
export function invoiceDataColumns(b: Partial<Omit<UpdatePlatformDetailsBody, 'name' | 'email' | 'address'>>) {
  const set: CustomerSet = {
    invoiceLogo: b.invoice_logo,
    invoiceHeaderImage: b.invoice_header_image,
    invoiceFooterImage: b.invoice_footer_image,
    legalName: b.legal_name,
    vatId: b.vat_id,
    taxNumber: b.tax_number,
    legalForm: b.legal_form,
    seat: b.seat,
    economicId: b.economic_id,
    registerCourt: b.register_court,
    registerType: b.register_type,
    registerNumber: b.register_number,
    managingDirectors: b.managing_directors,
    gln: b.gln,
    iban: b.iban,
    bic: b.bic,
  };
  return withoutAbsent(set);
}

/** The columns a body sets: a key whose value is absent (undefined) is dropped, null stays (it clears). */
export function withoutAbsent(set: CustomerSet): CustomerSet {
  const present: CustomerSet = { ...set };
  for (const [column, value] of Object.entries(present))
    if (value === undefined) Reflect.deleteProperty(present, column);
  return present;
}

export function platformDetailsOf(c: PlatformRow): PlatformDetails {
  return { name: c.name, email: c.email, address: c.address ?? noAddress, ...invoiceDataOf(c) };
}

/** The register type and legal form as stored (a check constraint and the contract keep them to the lists). */
const registerTypeOf = (v: string | null) => (v === null ? null : z.enum(REGISTER_TYPES).parse(v));
const legalFormOf = (v: string | null) => (v === null ? null : z.enum(LEGAL_FORMS).parse(v));

/** The images and legal data an invoice names, as the customer form and the platform's details show them. */
function invoiceDataOf(c: PlatformRow) {
  return {
    invoice_logo: c.invoiceLogo,
    invoice_header_image: c.invoiceHeaderImage,
    invoice_footer_image: c.invoiceFooterImage,
    legal_name: c.legalName,
    vat_id: c.vatId,
    tax_number: c.taxNumber,
    legal_form: legalFormOf(c.legalForm),
    seat: c.seat,
    economic_id: c.economicId,
    register_court: c.registerCourt,
    register_type: registerTypeOf(c.registerType),
    register_number: c.registerNumber,
    managing_directors: c.managingDirectors,
    gln: c.gln,
    iban: c.iban,
    bic: c.bic,
  };
}
