import { Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ImageField } from '../../ui/form-fields.tsx';
import { FormSection } from '../../ui/form-kit.tsx';
import { type AddressValues, LEGAL_CHOICES, LEGAL_FIELDS, type LegalValues } from './invoice-data.ts';

/** Street, house number, postal code and city of a form with an `address` group. */
export function AddressFields<V extends { address: AddressValues }>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput label={t('customers.street')} {...form.getInputProps('address.address')} />
      <TextInput label={t('customers.houseNo')} {...form.getInputProps('address.house_no')} />
      <TextInput label={t('customers.postal')} {...form.getInputProps('address.postal')} />
      <TextInput label={t('customers.city')} {...form.getInputProps('address.city')} />
    </>
  );
}

/** The legal data an invoice names, for the customer form and the platform's own details. */
export function LegalSection<V extends { legal: LegalValues }>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('customers.sectionLegal')} description={t('customers.sectionLegalHint')}>
      {LEGAL_FIELDS.map((f) =>
        f === 'legal_form' || f === 'register_type' ? (
          <Select
            key={f}
            label={t(`customers.legal.${f}`)}
            clearable
            data={
              f === 'legal_form'
                ? LEGAL_CHOICES.legal_form.map((value) => ({ value, label: t(`customers.legalForms.${value}`) }))
                : LEGAL_CHOICES.register_type.map((value) => ({ value, label: t(`customers.registerTypes.${value}`) }))
            }
            {...form.getInputProps(`legal.${f}`)}
            // Mantine gives null once cleared; the form keeps '' for "none" like the text fields.
            onChange={(v) => form.setFieldValue(`legal.${f}` as never, (v ?? '') as never)}
          />
        ) : (
          <TextInput key={f} label={t(`customers.legal.${f}`)} {...form.getInputProps(`legal.${f}`)} />
        ),
      )}
    </FormSection>
  );
}

/** An image field of a form (logos, invoice header and footer): a data URL or null once cleared. */
export function FormImageField<V, K extends keyof V & string>({
  form,
  field,
  label,
}: {
  form: UseFormReturnType<V>;
  field: V[K] extends string | null ? K : never;
  label: string;
}) {
  return (
    <ImageField
      label={label}
      value={form.values[field] as string | null}
      // The field type guarantees string | null; Mantine cannot follow a generic key to its value type.
      onChange={(v) => form.setFieldValue(field, v as never)}
      error={form.errors[field]}
    />
  );
}
