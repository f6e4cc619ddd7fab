import { formatMoney, formatPercent } from '@portal/contract/format';
import type { TFunction } from 'i18next';
import type { Messages } from '../i18n/domains.ts';
import { ApiError } from './api.ts';
import { ruleMessage } from './zod-form.ts';

type TranslatedCode = keyof Messages['errors']['codes'];
type TranslatedRule = keyof Messages['errors']['rules'];

function isTranslatedCode(code: string, t: TFunction): code is TranslatedCode {
  return t(`errors.codes.${code as TranslatedCode}`, { defaultValue: '' }) !== '';
}

/**
 * The text to show for a failed call, in the user's language: by error code where the code says what happened. A
 * `conflict` keeps the server's message, because that code covers refusals whose reason only the message names.
 */
export function describeError(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  switch (error.code) {
    case 'network':
      return t('errors.network');
    case 'throttled':
      return t('errors.throttled', { seconds: error.retryAfter ?? 60 });
    case 'unauthenticated':
      return t('errors.sessionEnded');
    case 'account_inactive':
      return t('errors.accountInactive');
    case 'validation_failed':
      return error.errors.length > 0 ? error.errors.map((e) => ruleText(t, e)).join(' ') : t('errors.validation');
    case 'conflict':
      return error.message || t('errors.codes.conflict');
    default:
      return isTranslatedCode(error.code, t) ? codeText(t, error) : t('errors.generic');
  }
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const PERCENTAGES = new Set(['discount', 'reseller_discount', 'own_discount']);

/**
 * A refusal's text with its parameters: amounts as money and discounts as percentages, both in the German
 * format every amount has (spec section 1), and "and N more" when the refusal names only the first of several.
 */
function codeText(t: TFunction, error: ApiError): string {
  const params = Object.fromEntries(
    Object.entries(error.params).map(([k, v]) => {
      if (typeof v !== 'string' || !DECIMAL.test(v)) return [k, v];
      return [k, PERCENTAGES.has(k) ? formatPercent(v) : formatMoney(v)];
    }),
  );
  const text = t(`errors.codes.${error.code as TranslatedCode}`, params);
  const more = Number(error.params.more ?? 0);
  return more > 0 ? `${text} ${t('errors.andMore', { count: more })}` : text;
}

/** A field rule's text in the user's language: the contract's named rules (zod-form.ts), then `errors.rules`. */
function translatedRule(t: TFunction, rule: string): string {
  return ruleMessage(t, rule) || t(`errors.rules.${rule as TranslatedRule}`, { defaultValue: '' });
}

/** A field error in the user's language where its rule has a text; otherwise the server's field message. */
function ruleText(t: TFunction, e: { field: string; rule: string; message: string }): string {
  const text = translatedRule(t, e.rule);
  return text ? `${e.field}: ${text}` : e.message;
}

/**
 * Field errors of a 422 answer keyed by field name, ready for a form's setErrors. A refusal with a code of its
 * own (an import file's) says in the user's language what is wrong with the field it names.
 */
export function fieldErrors(error: unknown, t?: TFunction): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const ownCode = !['validation_failed', 'conflict'].includes(error.code) && t && isTranslatedCode(error.code, t);
  const refusal = ownCode ? codeText(t, error) : '';
  return Object.fromEntries(
    error.errors.map((e) => {
      const text = refusal || (t ? translatedRule(t, e.rule) : '');
      return [e.field, text || e.message];
    }),
  );
}
