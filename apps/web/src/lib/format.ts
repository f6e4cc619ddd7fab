import { formatCount, formatDate, formatDateTime, formatMoney } from '@portal/contract/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface Formatters {
  money(amount: string | number, currency?: string): string;
  dateTime(value: string | number | Date): string;
  date(value: string | number | Date): string;
  /** Dashboards and charts only (spec section 1): never for money. */
  count(n: number): string;
}

export function formattersFor(language: string): Formatters {
  return {
    money: (amount, currency = 'EUR') => formatMoney(amount, currency, language),
    dateTime: (value) => formatDateTime(value, language),
    date: (value) => formatDate(value, language),
    count: (n) => formatCount(n, language),
  };
}

export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  return useMemo(() => formattersFor(i18n.language), [i18n.language]);
}
