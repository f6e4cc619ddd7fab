import { Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { flixbusPassengersBody } from '@portal/contract/flixbus';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../lib/zod-form.ts';
import { ApiForm, FormSection } from '../../../ui/form-kit.tsx';
import { type FlixbusBooking, phoneE164, useFlixbusAction } from '../flixbus.queries.ts';

type PassengerValues = { passengers: { first_name: string; last_name: string }[]; contact_phone: string };

export function PassengersForm({
  booking,
  onChange,
}: {
  booking: FlixbusBooking;
  onChange: (b: FlixbusBooking) => void;
}) {
  const { t } = useTranslation();
  const save = useFlixbusAction('passengers');
  const toBody = (v: PassengerValues) => ({
    action: 'passengers' as const,
    booking_id: booking.booking_id,
    passengers: v.passengers.map((p) => ({ first_name: p.first_name.trim(), last_name: p.last_name.trim() })),
    contact_phone: phoneE164(v.contact_phone) ?? v.contact_phone,
  });
  const form = useForm<PassengerValues>({
    initialValues: {
      passengers: Array.from({ length: booking.seats }, () => ({ first_name: '', last_name: '' })),
      contact_phone: '',
    },
    validate: zodValidate(flixbusPassengersBody, t, {
      toBody,
      messages: { contact_phone: 'flixbus.invalidPhone', 'contact_phone.required': 'form.required' },
    }),
  });
  return (
    <ApiForm
      form={form}
      mutation={save}
      submitLabel={t('flixbus.savePassengers')}
      toInput={(v) => {
        const { action: _, ...body } = toBody(v);
        return body;
      }}
      onSuccess={(r) => r.booking && onChange(r.booking)}
    >
      <FormSection title={t('flixbus.passengers')}>
        {form.values.passengers.map((_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one row per seat, never reordered
          <Group key={i} grow align="flex-start" style={{ gridColumn: '1 / -1' }}>
            <TextInput
              label={`${t('flixbus.passenger', { n: i + 1 })} · ${t('flixbus.firstName')}`}
              autoComplete="off"
              {...form.getInputProps(`passengers.${i}.first_name`)}
            />
            <TextInput
              label={t('flixbus.lastName')}
              autoComplete="off"
              {...form.getInputProps(`passengers.${i}.last_name`)}
            />
          </Group>
        ))}
        <TextInput
          label={t('flixbus.contactPhone')}
          description={t('flixbus.contactPhoneHint')}
          inputMode="tel"
          autoComplete="off"
          {...form.getInputProps('contact_phone')}
        />
      </FormSection>
    </ApiForm>
  );
}

/** The voucher, then the payment under one transaction key (pressing again after a lost answer pays once). */
