import {
  customerApiFields,
  customerLegalFields,
  emailAddress,
  hostName,
  ipAddressOrRange,
  phone,
  usernameSchema,
} from '@portal/contract/customer-fields';
import { failedPasswordChecks } from '@portal/contract/password-checks';
import type { TFunction } from 'i18next';
import { type AmountProblem, amountProblem } from './amount.ts';

/**
 * Field checks of the user and customer forms, in the user's language. Each uses the contract's own schema where one
 * exists, so the browser and the server refuse the same input.
 */
export function fieldChecks(t: TFunction) {
  const ok = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) =>
    schema.safeParse(value).success;
  const https = customerApiFields.shape.api_callback_url;
  const legal = customerLegalFields().shape;
  // IBAN and BIC are sent without spaces in capitals (invoice-data.ts), so they are checked that way.
  const compact = (v: string) => v.replaceAll(' ', '').toUpperCase();
  const amountMessages: Record<AmountProblem, string> = {
    required: t('form.amountRequired'),
    format: t('form.amountFormat'),
    positive: t('form.amountPositive'),
  };
  return {
    required: (v: string) => (v.trim() === '' ? t('form.required') : null),
    username: (v: string) => (ok(usernameSchema, v) ? null : t('form.usernameFormat')),
    email: (v: string) => (v.trim() === '' || ok(emailAddress, v.trim()) ? null : t('form.email')),
    phone: (v: string) => (v.trim() === '' || ok(phone, v) ? null : t('form.phone')),
    mobileConfirmation: (confirmation: string, mobile: string) =>
      confirmation.trim() === mobile.trim() ? null : t('form.mobileMismatch'),
    password: (v: string, optional = false) =>
      (optional && v === '') || failedPasswordChecks(v).length === 0 ? null : t('form.password'),
    hostName: (v: string) => (v.trim() === '' || ok(hostName, v) ? null : t('form.hostName')),
    httpsUrl: (v: string) => (v.trim() === '' || ok(https, v.trim()) ? null : t('form.httpsUrl')),
    vatId: (v: string) => (v.trim() === '' || ok(legal.vat_id, v.trim()) ? null : t('form.vatId')),
    iban: (v: string) => (v.trim() === '' || ok(legal.iban, compact(v)) ? null : t('form.iban')),
    bic: (v: string) => (v.trim() === '' || ok(legal.bic, compact(v)) ? null : t('form.bic')),
    ips: (v: string[]) => {
      const wrong = v.filter((x) => !ok(ipAddressOrRange, x));
      return wrong.length ? t('form.ipAddress', { value: wrong.join(', ') }) : null;
    },
    amount: (v: string, options: { positive?: boolean; optional?: boolean } = {}) => {
      const problem = amountProblem(v, options);
      return problem ? amountMessages[problem] : null;
    },
    /** "open before close" for shop timings and lunch (HH:MM compares as text). */
    timeOrder: (from: string, to: string) => (from && to && from < to ? null : t('form.timeOrder')),
  };
}
export type FieldChecks = ReturnType<typeof fieldChecks>;
