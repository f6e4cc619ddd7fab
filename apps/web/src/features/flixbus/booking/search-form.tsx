import { NumberInput, Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FlixbusCity, flixbusSearchBody } from '@portal/contract/flixbus';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../lib/zod-form.ts';
import { DayInput } from '../../../ui/day-input.tsx';
import { ApiForm, FormSection } from '../../../ui/form-kit.tsx';
import { useFlixbusAction } from '../flixbus.queries.ts';

import type { Found } from './found.ts';

function tomorrow(): string {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

type SearchValues = { from: string; to: string; date: string; seats: number | string; ebikes: number | string };

const searchBody = (v: SearchValues) => ({
  action: 'search' as const,
  from_city_id: v.from ? Number(v.from) : undefined,
  to_city_id: v.to ? Number(v.to) : undefined,
  date: v.date,
  seats: Number(v.seats) || 1,
});

export function SearchForm({ cities, onFound }: { cities: FlixbusCity[]; onFound: (f: Found) => void }) {
  const { t } = useTranslation();
  const search = useFlixbusAction('search');
  const form = useForm<SearchValues>({
    initialValues: { from: '', to: '', date: tomorrow(), seats: 1, ebikes: 0 },
    // The contract's own check (cities required and different, a date, 1–9 seats), as the server applies it.
    validate: zodValidate(flixbusSearchBody, t, {
      toBody: searchBody,
      messages: { 'to_city_id.different_cities': 'flixbus.sameCity', date: 'form.required' },
      field: (path) => ({ from_city_id: 'from', to_city_id: 'to' })[path] ?? path,
    }),
  });
  const data = cities.map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <ApiForm
      form={form}
      mutation={search}
      submitLabel={t('flixbus.search')}
      toInput={(v) => {
        const { action: _, ...body } = searchBody(v);
        return { ...body, from_city_id: body.from_city_id ?? 0, to_city_id: body.to_city_id ?? 0 };
      }}
      onSuccess={(r) =>
        onFound({
          trips: r.trips ?? [],
          seats: Number(form.values.seats) || 1,
          ebikes: Number(form.values.ebikes) || 0,
        })
      }
    >
      <FormSection title={t('flixbus.trips')} cols={3}>
        <Select label={t('flixbus.from')} data={data} searchable {...form.getInputProps('from')} />
        <Select label={t('flixbus.to')} data={data} searchable {...form.getInputProps('to')} />
        <DayInput
          label={t('flixbus.date')}
          value={form.values.date}
          onChange={(date) => form.setFieldValue('date', date)}
          error={form.errors.date}
        />
        <NumberInput label={t('flixbus.seats')} min={1} max={9} allowDecimal={false} {...form.getInputProps('seats')} />
        <NumberInput
          label={t('flixbus.ebikes')}
          min={0}
          max={9}
          allowDecimal={false}
          {...form.getInputProps('ebikes')}
        />
      </FormSection>
    </ApiForm>
  );
}
