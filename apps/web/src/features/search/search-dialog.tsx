import { Badge, Box, EmptyState, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { SearchHit, SearchKind } from '@portal/contract/search';
import {
  IconBuildingBank,
  IconFileInvoice,
  IconSearch,
  IconShieldCheck,
  IconShoppingCart,
  IconUser,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Money } from '../../ui/money.tsx';
import { nextActive, useSearch } from './search.queries.ts';

const ICONS: Record<SearchKind, typeof IconUser> = {
  customer: IconUsers,
  user: IconUser,
  sale: IconShoppingCart,
  provider_sale: IconWorld,
  invoice: IconFileInvoice,
  reclamation: IconShieldCheck,
  bank_record: IconBuildingBank,
};

/**
 * Find anything (issue 39): a text field over a list of hits (a combobox and its listbox). The arrow keys move through
 * the hits, Enter or a click opens one on its screen, Escape closes; nothing found and a failed search say so.
 */
export function SearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const [active, setActive] = useState(0);
  const search = useSearch(debounced);
  const hits = debounced.trim() && search.data ? search.data : [];
  const optionId = (i: number) => `${listId}-${i}`;

  const close = () => {
    setQ('');
    setActive(0);
    onClose();
  };
  const open = (hit: SearchHit) => {
    close();
    void navigate(hit.path);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => nextActive(a, hits.length, e.key as 'ArrowDown' | 'ArrowUp'));
    } else if (e.key === 'Enter' && hits[active]) {
      e.preventDefault();
      open(hits[active]);
    }
  };

  const asked = debounced.trim().length > 0;
  return (
    <Modal opened={opened} onClose={close} title={t('search.title')} size="lg" yOffset="10vh">
      <Stack gap="sm">
        <TextInput
          data-autofocus
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          description={t('search.hint')}
          leftSection={<IconSearch size={16} />}
          rightSection={search.isFetching ? <Loader size="xs" /> : null}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={hits[active] ? optionId(active) : undefined}
          maxLength={100}
        />
        {asked && search.isError ? (
          <ErrorState message={describeError(t, search.error)} onRetry={() => search.refetch()} />
        ) : asked && search.isSuccess && hits.length === 0 && !search.isPlaceholderData ? (
          <EmptyState
            role="status"
            variant="light"
            icon={<IconSearch />}
            title={t('search.nothing')}
            description={t('search.nothingHint', { q: debounced.trim() })}
            py="md"
          />
        ) : null}
        <Box component="ul" role="listbox" id={listId} aria-label={t('search.results')} m={0} p={0}>
          {hits.map((hit, i) => (
            <HitOption
              key={`${hit.kind}-${hit.id}-${hit.path}`}
              id={optionId(i)}
              hit={hit}
              selected={i === active}
              onPick={() => open(hit)}
              onHover={() => setActive(i)}
            />
          ))}
        </Box>
        {hits.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('search.keys')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

function HitOption({
  id,
  hit,
  selected,
  onPick,
  onHover,
}: {
  id: string;
  hit: SearchHit;
  selected: boolean;
  onPick: () => void;
  onHover: () => void;
}) {
  const { t } = useTranslation();
  const Icon = ICONS[hit.kind];
  return (
    <Box component="li" role="option" id={id} aria-selected={selected} style={{ listStyle: 'none' }}>
      <UnstyledButton
        onClick={onPick}
        onMouseEnter={onHover}
        tabIndex={-1}
        w="100%"
        p="xs"
        bg={selected ? 'var(--mantine-color-default-hover)' : undefined}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Icon size={18} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={500} truncate>
                {hit.label}
              </Text>
              {hit.amount !== null && (
                <Text size="sm" c="dimmed">
                  <Money amount={hit.amount} />
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {[hit.detail, `${t(`search.matches.${hit.match}`)} ${hit.match === 'id' ? `#${hit.id}` : ''}`.trim()]
                .filter(Boolean)
                .join(' · ')}
              {hit.at && (
                <>
                  {' · '}
                  <DateTime value={hit.at} dateOnly={hit.kind === 'bank_record' || hit.kind === 'invoice'} />
                </>
              )}
            </Text>
          </Stack>
          <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
            {t(`search.kinds.${hit.kind}`)}
          </Badge>
        </Group>
      </UnstyledButton>
    </Box>
  );
}
