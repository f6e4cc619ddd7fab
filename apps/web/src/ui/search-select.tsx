import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** One choice found on the server: its id, name, and what tells equal names apart. */
export type SearchOption = { id: number; name: string; detail: string | null };

/** The choice that stands for "no filter" (an empty value in the URL). */
export const NO_CHOICE = '__all__';

export interface SearchSelectTexts {
  /** The "all" choice, also shown while nothing is chosen. */
  none: string;
  nothingFound: string;
  searching: string;
  error: string;
}

export interface SearchSelectProps {
  /** The field's accessible name (it sits in a toolbar without a visible label). */
  label: string;
  /** The chosen id as text, '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The choices matching the last text passed to `onSearch`, searched on the server ('' lists the first ones). */
  found: UseQueryResult<SearchOption[]>;
  /** The chosen value's own choice, for its name after a reload from the URL (null when outside the scope). */
  selected: UseQueryResult<SearchOption | null>;
  /** Called with the typed text a moment after typing stops ('' when not typing). */
  onSearch: (text: string) => void;
  texts: SearchSelectTexts;
  w?: number;
}

export const optionLabel = (o: SearchOption) => (o.detail ? `${o.name} (${o.detail})` : o.name);

/**
 * The options a search select offers: "all" first while the user is not typing, the choices found, and the chosen
 * value kept among them (named by its own look-up, or by its number when that found nothing) so it stays shown.
 */
export function searchSelectData(a: {
  found: SearchOption[];
  selected: SearchOption | null | undefined;
  value: string;
  typing: boolean;
  none: string;
}): { value: string; label: string }[] {
  const data = a.found.map((o) => ({ value: String(o.id), label: optionLabel(o) }));
  if (a.value && !data.some((d) => d.value === a.value)) {
    data.unshift({ value: a.value, label: a.selected ? optionLabel(a.selected) : `#${a.value}` });
  }
  return a.typing ? data : [{ value: NO_CHOICE, label: a.none }, ...data];
}

/**
 * A combobox that searches on the server as the user types (debounced), for choices too many to load: keyboard
 * usable (arrows, Enter, Escape), with empty, searching and error states, and the chosen value's name after a reload.
 */
export function SearchSelect(props: SearchSelectProps) {
  const { texts, found, selected, onSearch } = props;
  const [search, setSearch] = useState('');
  const selectedLabel = selected.data ? optionLabel(selected.data) : props.value ? `#${props.value}` : '';
  // The chosen option's name in the box is not a new search; neither is the box emptied.
  const typing = search.trim() !== '' && search !== selectedLabel;
  const [text] = useDebouncedValue(typing ? search.trim() : '', 250);
  useEffect(() => onSearch(text), [text, onSearch]);
  const waiting = found.isFetching || (typing && text !== search.trim());
  const data = searchSelectData({
    found: found.data ?? [],
    selected: selected.data,
    value: props.value,
    typing,
    none: texts.none,
  });
  return (
    <Select
      aria-label={props.label}
      placeholder={texts.none}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text.
      filter={({ options }) => options}
      data={data}
      value={props.value || null}
      onChange={(v) => props.onChange(!v || v === NO_CHOICE ? '' : v)}
      nothingFoundMessage={waiting ? texts.searching : texts.nothingFound}
      error={found.isError || selected.isError ? texts.error : undefined}
      rightSection={waiting ? <Loader size={14} /> : undefined}
      allowDeselect={false}
      w={props.w ?? 200}
    />
  );
}
