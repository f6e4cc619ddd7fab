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

/** A margin: a loss in the error colour, '—' where it is unknown. */
export function Margin({ amount }: { amount: string | null }) {
  if (amount === null) return <span>—</span>;
  const loss = amount.startsWith('-');
  return (
    <span style={loss ? { color: 'var(--mantine-color-error)' } : undefined} data-loss={loss || undefined}>
      <Money amount={amount} />
    </span>
  );
}
