import { TextInput, type TextInputProps } from '@mantine/core';
import { type FocusEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountForInput, normaliseAmount } from '../lib/amount.ts';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  /** The form's value: the API's decimal string ("1234.56"), or what could not be read, as typed. */
  value?: string | number | null;
  onChange?: (value: string) => void;
};

/**
 * A decimal typed as the user's language writes it ("1.234,56" in German, "1,234.56" in English), handed to the
 * form as the API's decimal string, so every contract rule and every request sees "1234.56" and no amount ever
 * passes through a float. On leaving the field it shows how it was read ("1.500" becomes "1500" in German).
 */
function DecimalInput({ value, onChange, onBlur, ...props }: Props) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const wire = value === null || value === undefined ? '' : String(value);
  const [text, setText] = useState(() => amountForInput(wire, language));
  // A value set from outside (loaded, reset, another language) replaces the text unless the text already says it.
  useEffect(() => {
    setText((current) => (normaliseAmount(current, language) === wire ? current : amountForInput(wire, language)));
  }, [wire, language]);
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      rightSectionPointerEvents="none"
      {...props}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange?.(normaliseAmount(e.currentTarget.value, language));
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        if (/^-?\d+(\.\d+)?$/.test(wire)) setText(amountForInput(wire, language));
        onBlur?.(e);
      }}
    />
  );
}

/** A money amount (euro unless `currency` says otherwise). */
export function AmountInput({ currency = 'EUR', ...props }: Props & { currency?: string }) {
  return <DecimalInput rightSection={currency === 'EUR' ? '€' : currency} {...props} />;
}

/** A percentage (discounts, margins): the same reading of decimals as amounts. */
export function PercentInput(props: Props) {
  return <DecimalInput rightSection="%" {...props} />;
}
