import { useFormatters } from '../lib/format.ts';

export interface MoneyProps {
  /** Decimal string as the server sends it; never converted to a float. */
  amount: string | number;
  currency?: string;
}

export function Money({ amount, currency = 'EUR' }: MoneyProps) {
  const { money } = useFormatters();
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{money(amount, currency)}</span>;
}
