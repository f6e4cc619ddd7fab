import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A search field that changes the list's URL filter a moment after typing stops. */
export function SearchBox({
  value,
  onSearch,
  label,
}: {
  value: string;
  onSearch: (text: string) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const send = useDebouncedCallback((next: string) => onSearch(next.trim()), 300);
  return (
    <TextInput
      aria-label={label ?? t('form.search')}
      placeholder={label ?? t('form.search')}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        send(e.currentTarget.value);
      }}
      // The search runs as the user types; Enter must not submit a form the list sits in.
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
      w={280}
    />
  );
}
