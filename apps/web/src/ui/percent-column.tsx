import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { PercentInput } from './amount-input.tsx';
import type { Column } from './data-table.tsx';

/** A row of a list of discounts edited in place: its place in the form's `discounts`. */
export interface DiscountRow {
  index: number;
}

/**
 * The column of a discounts table where each row's percentage is typed (0–100, as the user's language writes it), bound to
 * `discounts.<index>.discount` of the form the table sits in. `label` names the row for a screen reader;
 * `placeholder` says what an empty field means.
 */
export function percentInputColumn<R extends DiscountRow, V extends { discounts?: unknown[] }>(
  form: UseFormReturnType<V>,
  o: { header: string; label: (row: R) => string; placeholder?: string },
): Column<R> {
  return {
    key: 'discount',
    header: o.header,
    width: 150,
    render: (r) => (
      <PercentInput
        aria-label={o.label(r)}
        placeholder={o.placeholder}
        {...form.getInputProps(`discounts.${r.index}.discount`)}
      />
    ),
  };
}

/**
 * Fills a form with what was loaded, each time a new answer arrives (another customer, a refetch after saving),
 * and counts those values as unchanged.
 */
export function useLoadedValues<V, S>(form: UseFormReturnType<V>, loaded: S | undefined, toValues: (loaded: S) => V) {
  const { setValues, resetDirty } = form;
  const latest = useRef(toValues);
  latest.current = toValues;
  useEffect(() => {
    if (!loaded) return;
    setValues(latest.current(loaded));
    resetDirty();
  }, [loaded, setValues, resetDirty]);
}
