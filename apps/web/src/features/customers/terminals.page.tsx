import {
  ActionIcon,
  Badge,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { activateTerminalBody } from '@portal/contract/terminals';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerKeys } from '../../lib/customer-lookup.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { ApiForm } from '../../ui/form-kit.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import {
  findSellerTerminals,
  type SellerTerminals,
  TERMINAL_LIST_FILTERS,
  type TerminalFilters,
  type TerminalListFilter,
  useActivateTerminal,
} from './customers.queries.ts';

const DEFAULT_FILTERS: TerminalFilters = { search: '', status: 'all' };
const ALLOWED = { search: undefined, status: TERMINAL_LIST_FILTERS };

/** `/customers/terminals` (EPay Terminals): the platform registers its shops' terminal ids and switches them. */
export function TerminalsPage() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState<SellerTerminals | null>(null);
  const columns: Column<SellerTerminals>[] = [
    {
      key: 'shop',
      header: t('customers.terminals.shop'),
      render: (s) => (
        <div>
          <Text size="sm" fw={500}>
            {s.customer_name}
            {s.is_active === 0 && (
              <Badge ml="xs" size="xs" variant="light" color="gray">
                {t('customers.terminals.shopInactive')}
              </Badge>
            )}
          </Text>
          <Text size="xs" c="dimmed">
            {t('customers.terminals.resellerLine', { reseller: s.reseller_name, id: s.customer_id })}
          </Text>
        </div>
      ),
    },
    {
      key: 'terminals',
      header: t('customers.terminals.terminalIds'),
      render: (s) =>
        s.terminals.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('customers.terminals.none')}
          </Text>
        ) : (
          <Stack gap={4}>
            {s.terminals.map((terminal) => (
              <TerminalSwitch key={terminal.id} terminal={terminal} />
            ))}
          </Stack>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (s) => (
        <Tooltip label={t('customers.terminals.add')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('customers.terminals.addFor', { shop: s.customer_name })}
            onClick={() => setAdding(s)}
          >
            <IconPlus size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('screen.terminals')} description={t('customers.terminals.description')} />
      <DataTable
        queryKey={customerKeys.terminals()}
        queryFn={findSellerTerminals}
        columns={columns}
        rowKey={(s) => s.customer_id}
        defaultFilters={DEFAULT_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => (
          <Group>
            <SearchBox
              value={filters.search}
              onSearch={(search) => setFilters({ search })}
              label={t('customers.terminals.search')}
            />
            <SegmentedControl
              aria-label={t('customers.terminals.filter')}
              value={filters.status}
              onChange={(status) => setFilters({ status: status as TerminalListFilter })}
              data={TERMINAL_LIST_FILTERS.map((f) => ({ value: f, label: t(`customers.terminals.filters.${f}`) }))}
            />
          </Group>
        )}
      />
      {adding && <AddTerminalDialog shop={adding} onClose={() => setAdding(null)} />}
    </>
  );
}

function TerminalSwitch({ terminal }: { terminal: SellerTerminals['terminals'][number] }) {
  const { t } = useTranslation();
  const activate = useActivateTerminal({ errorToast: true });
  // Shown switched at once; a refusal puts it back to what the server holds.
  const [on, setOn] = useState(terminal.is_active === 1);
  useEffect(() => setOn(terminal.is_active === 1), [terminal.is_active]);
  return (
    <Group gap="xs" wrap="nowrap">
      <Switch
        checked={on}
        disabled={activate.isPending}
        onChange={() => {
          setOn(!on);
          activate.mutate(
            { terminal_id: terminal.terminal_id, is_active: on ? 0 : 1 },
            { onError: () => setOn(terminal.is_active === 1) },
          );
        }}
        label={
          <Text size="sm" ff="monospace">
            {terminal.terminal_id}
          </Text>
        }
        aria-label={t('customers.terminals.switchLabel', { id: terminal.terminal_id })}
      />
      <Text size="xs" c="dimmed">
        {t(on ? 'customers.terminals.active' : 'customers.terminals.inactive')} ·{' '}
        <DateTime value={terminal.changed_at} /> · {terminal.changed_by}
      </Text>
    </Group>
  );
}

function AddTerminalDialog({ shop, onClose }: { shop: SellerTerminals; onClose: () => void }) {
  const { t } = useTranslation();
  const activate = useActivateTerminal();
  const toBody = (v: { terminal_id: string; is_active: boolean }) => ({
    terminal_id: v.terminal_id,
    is_active: v.is_active ? (1 as const) : (0 as const),
    customer_id: shop.customer_id,
  });
  const form = useForm({
    initialValues: { terminal_id: '', is_active: true },
    validate: zodValidate(activateTerminalBody, t, {
      toBody,
      messages: { terminal_id: 'customers.terminals.idRule', 'terminal_id.required': 'form.required' },
    }),
  });
  return (
    <Modal opened onClose={onClose} title={t('customers.terminals.addFor', { shop: shop.customer_name })}>
      <ApiForm
        form={form}
        mutation={activate}
        toInput={toBody}
        successMessage={t('customers.terminals.added')}
        onSuccess={onClose}
        submitLabel={t('customers.terminals.add')}
      >
        <TextInput
          label={t('customers.terminals.terminalId')}
          description={t('customers.terminals.idRule')}
          required
          maxLength={20}
          data-autofocus
          {...form.getInputProps('terminal_id')}
        />
        <Switch label={t('customers.terminals.activeNow')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
      </ApiForm>
    </Modal>
  );
}
