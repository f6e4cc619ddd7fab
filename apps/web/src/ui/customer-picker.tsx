import { NumberInput, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { RULES } from '@portal/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerSource } from '../lib/customer-lookup.ts';
import { useCan } from '../lib/permissions.ts';

export interface CustomerPickerProps {
  source: CustomerSource;
  value: number | null;
  /** With the customer's name where the picker knows it (a question before booking names whom it reaches). */
  onChange: (customerId: number | null, name?: string) => void;
  label?: string;
  error?: string;
  required?: boolean;
  /** Shown as an option when the value is not among the loaded ones (a customer taken from the URL). */
  selectedName?: string;
  clearable?: boolean;
  w?: number | string;
  /** In a table's toolbar: no visible label (the field still has one for screen readers). */
  inline?: boolean;
  /** Search on the server as the user types (`/api/search_customer/`) instead of loading the short list. */
  search?: boolean;
}

/**
 * Picks one of the user's customers. The list comes from whichever call the user may make: the short customer list
 * (customers permission) or the customer search (balances permission); without either, the customer number is typed.
 */
export function CustomerPicker(props: CustomerPickerProps) {
  const canList = useCan(RULES.customersView);
  const canSearch = useCan(RULES.balances);
  if (canSearch && (props.search || !canList)) return <SearchPicker {...props} />;
  if (canList) return <ListPicker {...props} />;
  return <NumberPicker {...props} />;
}

function useLabels(props: CustomerPickerProps) {
  const { t } = useTranslation();
  const label = props.label ?? t('customers.customer');
  return {
    ...(props.inline ? { 'aria-label': label } : { label }),
    placeholder: t('customers.pickCustomer'),
    nothingFoundMessage: t('customers.noCustomerFound'),
  };
}

const optionLabel = (c: { customer_id: number; name: string }) => `${c.name} (#${c.customer_id})`;

function ListPicker(props: CustomerPickerProps) {
  const labels = useLabels(props);
  const { t } = useTranslation();
  const { useChoices } = props.source;
  const choices = useChoices();
  const data = (choices.data ?? []).map((c) => ({ value: String(c.customer_id), label: optionLabel(c) }));
  if (props.value && props.selectedName && !data.some((d) => d.value === String(props.value))) {
    data.unshift({
      value: String(props.value),
      label: optionLabel({ customer_id: props.value, name: props.selectedName }),
    });
  }
  return (
    <Select
      {...labels}
      w={props.w}
      data={data}
      value={props.value ? String(props.value) : null}
      onChange={(v) =>
        props.onChange(v ? Number(v) : null, choices.data?.find((c) => String(c.customer_id) === v)?.name)
      }
      searchable
      clearable={props.clearable}
      required={props.required}
      error={props.error ?? (choices.isError ? t('errors.errorGettingData') : undefined)}
      disabled={choices.isPending}
      limit={100}
    />
  );
}

function SearchPicker(props: CustomerPickerProps) {
  const labels = useLabels(props);
  const { t } = useTranslation();
  const initial = props.value
    ? {
        value: String(props.value),
        label: props.selectedName
          ? optionLabel({ customer_id: props.value, name: props.selectedName })
          : `#${props.value}`,
      }
    : null;
  const [picked, setPicked] = useState(initial);
  const [search, setSearch] = useState(initial?.label ?? '');
  // Selecting an option puts its label into the search box; that is not a new search.
  const [debounced] = useDebouncedValue(search === picked?.label ? '' : search, 250);
  const { useSearch } = props.source;
  const found = useSearch(debounced);
  const data = (found.data ?? []).map((c) => ({ value: String(c.customer_id), label: optionLabel(c) }));
  if (picked && !data.some((d) => d.value === picked.value)) data.unshift(picked);
  return (
    <Select
      {...labels}
      w={props.w}
      data={data}
      value={props.value ? String(props.value) : null}
      onChange={(v, option) => {
        setPicked(v && option ? { value: v, label: option.label } : null);
        props.onChange(v ? Number(v) : null, found.data?.find((c) => String(c.customer_id) === v)?.name);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by name, number and username.
      filter={({ options }) => options}
      clearable={props.clearable}
      required={props.required}
      error={props.error ?? (found.isError ? t('errors.errorGettingData') : undefined)}
    />
  );
}

function NumberPicker(props: CustomerPickerProps) {
  const { t } = useTranslation();
  return (
    <NumberInput
      w={props.w}
      {...(props.inline
        ? { 'aria-label': t('customers.customerNumber'), placeholder: t('customers.customerNumber') }
        : { label: props.label ?? t('customers.customerNumber') })}
      value={props.value ?? ''}
      onChange={(v) => props.onChange(typeof v === 'number' && v > 0 ? v : null)}
      min={1}
      allowDecimal={false}
      allowNegative={false}
      required={props.required}
      error={props.error}
    />
  );
}
