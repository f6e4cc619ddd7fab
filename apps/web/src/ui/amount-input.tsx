import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A money amount as text: what the user typed stays text until it is sent as a decimal string (lib/amount.ts), so
 * no amount ever passes through a float.
 */
export function AmountInput({ currency = 'EUR', ...props }: TextInputProps & { currency?: string }) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      rightSection={currency === 'EUR' ? '€' : currency}
      rightSectionPointerEvents="none"
      {...props}
    />
  );
}
