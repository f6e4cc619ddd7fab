import { formatMoney as eur } from '@portal/contract/format';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { de } from '../i18n/all/de.ts';
import { reportMissingKeys } from '../i18n/missing-keys.ts';
import { ApiError } from './api.ts';
import { describeError, fieldErrors } from './errors.ts';

let t: TFunction;

beforeAll(async () => {
  const i18n = createInstance();
  await i18n.init({
    lng: 'de',
    resources: { de: { translation: de } },
    interpolation: { escapeValue: false },
    ...reportMissingKeys,
  });
  t = i18n.t;
});

describe('describeError', () => {
  it('fills a refusal with its parameters, amounts and discounts in German format, and says how many more', () => {
    const params = {
      customer: 'Kiosk Nord',
      product: 'UX Cash',
      value: '15.00',
      price: '13.80',
      cost: '14.55',
      more: 2,
    };
    expect(describeError(t, new ApiError('price_below_cost', 'raw English', 422, [], undefined, params))).toBe(
      `Kiosk Nord würde für UX Cash ${eur('15.00')} ${eur('13.80')} zahlen, der Bestand im Verkauf kostet bis zu ${eur('14.55')}. (und 2 weitere)`,
    );
    const cheaper = { ...params, more: 0, discount: '8.5', reseller_discount: '10.00' };
    expect(describeError(t, new ApiError('price_below_reseller', 'raw English', 422, [], undefined, cheaper))).toBe(
      `Kiosk Nord würde für UX Cash ${eur('15.00')} ${eur('13.80')} (8,50 %) zahlen, weniger als sein Reseller (10,00 %).`,
    );
  });

  it('tells why an import file was refused, with the file’s figures', () => {
    const tooLong = new ApiError('import_too_many_lines', 'csv_file: at most 1501 lines', 422, [], undefined, {
      max: 1501,
      lines: 1720,
    });
    expect(describeError(t, tooLong)).toBe(
      'Die Datei hat 1720 Zeilen, erlaubt sind höchstens 1501 (PINs und eine Kopfzeile).',
    );
    const notCsv = new ApiError('import_not_csv', 'csv_file: only .csv files', 422, [
      { field: 'csv_file', rule: 'type', message: 'csv_file: only .csv files' },
    ]);
    expect(fieldErrors(notCsv, t)).toEqual({ csv_file: 'Nur CSV-Dateien (.csv) können importiert werden.' });
    const params = { found: ';', chosen: ',' };
    expect(describeError(t, new ApiError('import_delimiter_mismatch', 'raw', 422, [], undefined, params))).toBe(
      'Die Datei ist durch „;“ getrennt, nicht durch „,“.',
    );
  });

  it('translates a field rule it knows, and keeps the field it names', () => {
    const error = new ApiError('validation_failed', 'invalid', 422, [
      { field: 'search_text', rule: 'control_character', message: 'search_text: must not contain control characters' },
    ]);
    expect(describeError(t, error)).toBe('search_text: Darf keine Steuerzeichen enthalten.');
    expect(fieldErrors(error, t)).toEqual({ search_text: 'Darf keine Steuerzeichen enthalten.' });
  });

  it('translates what the code says', () => {
    expect(describeError(t, new ApiError('insufficient_balance', 'Insufficient balance', 409))).toBe(
      'Ihr Guthaben reicht nicht aus.',
    );
    expect(describeError(t, new ApiError('network', 'Failed to fetch', 0))).toBe(de.errors.network);
    expect(describeError(t, new ApiError('unauthenticated', 'x', 401))).toBe(de.errors.sessionEnded);
  });

  it('tells a throttled user how long to wait', () => {
    expect(describeError(t, new ApiError('throttled', 'slow down', 429, [], 42))).toBe(
      'Zu viele Versuche. Bitte versuchen Sie es in 42 s erneut.',
    );
  });

  it('lists the field messages of a validation error', () => {
    const error = new ApiError('validation_failed', 'invalid', 422, [
      { field: 'password', rule: 'password', message: 'password: too weak' },
      { field: 'confirm_password', rule: 'match', message: 'confirm_password: must match password' },
    ]);
    // A rule the contract names is said in the user's language; one without a text keeps the server's words.
    expect(describeError(t, error)).toBe(`password: ${de.form.password} confirm_password: must match password`);
    expect(fieldErrors(error)).toEqual({
      password: 'password: too weak',
      confirm_password: 'confirm_password: must match password',
    });
  });

  it("puts a server refusal of a contract rule on its field in the words the browser's own check uses", () => {
    const error = new ApiError('validation_failed', 'invalid', 422, [
      { field: 'amount', rule: 'amount_positive', message: 'amount: must be greater than 0' },
      { field: 'customers.1.customer_id', rule: 'customer_required', message: 'customer_id: required' },
    ]);
    expect(fieldErrors(error, t)).toEqual({
      amount: de.form.amountPositive,
      'customers.1.customer_id': de.form.customerRequired,
    });
  });

  it('keeps the server message of a conflict and hides internals of a server error', () => {
    expect(describeError(t, new ApiError('conflict', 'Username already taken', 409))).toBe('Username already taken');
    expect(describeError(t, new ApiError('internal', 'TypeError at line 3', 500))).toBe(de.errors.generic);
    expect(describeError(t, new Error('boom'))).toBe(de.errors.generic);
  });
});
