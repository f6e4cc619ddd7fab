import { Alert, Badge, Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { PadChangeBody, ProductPadView } from '@portal/contract/assignments';
import { formatPercent } from '@portal/contract/format';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { describeError } from '../../lib/errors.ts';
import { useFormatters } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import {
  type PoolPadCustomer,
  type PoolPadFilters,
  poolKeys,
  poolPadQuery,
  useChangePoolPad,
  usePool,
  usePoolPadOptions,
} from './pools.queries.ts';

const DEFAULT_FILTERS: PoolPadFilters = { search_text: '' };
type PoolPadOptions = { product: ProductPadView['product']; discountPlans: ProductPadView['discount_plans'] };

/**
 * `/inventory/pool/pad/{poolId}` (superadmin): which resellers sell the pool's denominations, with
 * which discount slab. The PAD calls refuse a slab that makes anyone's margin negative.
 */
export function PoolPadPage() {
  const { t } = useTranslation();
  const poolId = Number(useParams().poolId);
  const pool = usePool(poolId);
  const options = usePoolPadOptions(pool.data?.product_id ?? null);
  const [editing, setEditing] = useState<PoolPadCustomer | null>(null);
  const failed = pool.error ?? options.error;
  if (failed) {
    const retry = () => (pool.isError ? pool.refetch() : options.refetch());
    return <ErrorState message={describeError(t, failed)} onRetry={retry} />;
  }
  if (!pool.data || !options.data) return <PageLoader />;
  const { product, discountPlans } = options.data;
  return (
    <>
      <PageHeader
        title={`${t('screen.poolPad')}: ${pool.data.pool_name}`}
        description={t('inventory.poolPad.description')}
        actions={
          <Button variant="default" component={Link} to="/inventory/pool">
            {t('screen.pools')}
          </Button>
        }
      />
      {product.configurations.length === 0 ? (
        <Alert color="gray">{t('inventory.poolPad.noConfigurations')}</Alert>
      ) : (
        <DataTable
          queryKey={poolKeys.pad(product.product_id)}
          queryFn={poolPadQuery(product.product_id)}
          columns={padColumns(t, options.data, setEditing)}
          rowKey={(c) => c.customer_id}
          defaultFilters={DEFAULT_FILTERS}
          toolbar={(filters, setFilters) => (
            <SearchBox
              label={t('inventory.common.search')}
              value={filters.search_text}
              onSearch={(text) => setFilters({ search_text: text })}
            />
          )}
        />
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={editing && t('inventory.poolPad.editTitle', { pool: pool.data.pool_name, customer: editing.name })}
      >
        {editing && (
          <AssignForm customer={editing} options={{ product, discountPlans }} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}

function padColumns(
  t: TFunction,
  options: PoolPadOptions,
  edit: (customer: PoolPadCustomer) => void,
): Column<PoolPadCustomer>[] {
  return [
    {
      key: 'customer',
      header: t('inventory.poolPad.customer'),
      render: (c) => (
        <Group gap={6}>
          <Text size="sm" fw={500}>
            {c.name}
          </Text>
          {c.is_active === 0 && (
            <Badge variant="light" color="gray" size="sm">
              {t('inventory.common.inactive')}
            </Badge>
          )}
        </Group>
      ),
    },
    ...options.product.configurations.map(
      (conf, i): Column<PoolPadCustomer> => ({
        key: `c${conf.configuration_id}`,
        header: <Money amount={conf.value} />,
        render: (c) => {
          const cell = c.assignments[i];
          return cell ? <PadCell cell={cell} /> : null;
        },
      }),
    ),
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (c) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => edit(c)}
          aria-label={`${t('inventory.poolPad.open')} ${c.name}`}
        >
          {t('inventory.poolPad.open')}
        </Button>
      ),
    },
  ];
}

/** One denomination of one reseller: not assigned, or the plan in force with its discount and price. */
function PadCell({ cell }: { cell: PoolPadCustomer['assignments'][number] }) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  if (cell.assigned === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('inventory.poolPad.notAssigned')}
      </Text>
    );
  return (
    <Stack gap={2}>
      <Badge variant="light" color={cell.is_active ? 'teal' : 'gray'} tt="none">
        {formatPercent(cell.discount)} · {money(cell.price)}
      </Badge>
      <Text size="xs" c="dimmed">
        {cell.discount_plan ?? '—'}
        {cell.discount_plan_id === null && ` (${t('inventory.poolPad.defaultSlab')})`}
        {cell.is_active === 0 && ` · ${t('inventory.poolPad.disabled')}`}
      </Text>
    </Stack>
  );
}

/** Assign, enable, disable or unassign the chosen denominations for one reseller, with a discount slab. */
function AssignForm({
  customer,
  options,
  onDone,
}: {
  customer: PoolPadCustomer;
  options: PoolPadOptions;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const change = useChangePoolPad();
  const current = customer.assignments.find((a) => a.assigned === 1 && a.discount_plan_id !== null);
  const [chosen, setChosen] = useState<string[]>(options.product.configurations.map((c) => String(c.configuration_id)));
  const [slab, setSlab] = useState<string>(current?.discount_plan_id ? String(current.discount_plan_id) : '');
  const [refusal, setRefusal] = useState<{ title?: string; message: string } | null>(null);

  const run = (action: PadChangeBody['action']) => {
    if (chosen.length === 0) {
      setRefusal({ message: t('inventory.poolPad.pickDenominations') });
      return;
    }
    setRefusal(null);
    change.mutate(
      {
        customer_id: customer.customer_id,
        action,
        configuration_ids: chosen.map(Number),
        ...(action === 'assign' ? { discount_plan_id: slab ? Number(slab) : null } : {}),
      },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('inventory.poolPad.saved') });
          onDone();
        },
        onError: (error) => {
          // The server names who would lose money and by how much; the headline says why, translated.
          const negative = error instanceof ApiError && error.errors.some((e) => e.rule === 'negative_margin');
          setRefusal({
            title: negative ? t('inventory.poolPad.negativeMargin') : undefined,
            message: describeError(t, error),
          });
        },
      },
    );
  };
  const busy = (action: PadChangeBody['action']) => change.isPending && change.variables?.action === action;
  const assigned = (id: number) => customer.assignments.find((a) => a.configuration_id === id);

  return (
    <Stack>
      <Checkbox.Group label={t('products.denominations')} value={chosen} onChange={setChosen}>
        <Stack gap="xs" mt="xs">
          {options.product.configurations.map((c) => {
            const a = assigned(c.configuration_id);
            return (
              <Group key={c.configuration_id} gap="sm">
                <Checkbox value={String(c.configuration_id)} label={<Money amount={c.value} />} />
                <PadCell cell={a!} />
              </Group>
            );
          })}
        </Stack>
      </Checkbox.Group>
      <Select
        label={t('inventory.poolPad.slab')}
        value={slab}
        onChange={(v) => setSlab(v ?? '')}
        allowDeselect={false}
        data={[
          { value: '', label: t('inventory.poolPad.defaultSlab') },
          ...options.discountPlans.map((p) => ({ value: String(p.discount_plan_id), label: p.name })),
        ]}
      />
      {refusal && (
        <Alert color="red" role="alert" title={refusal.title}>
          {refusal.message}
        </Alert>
      )}
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" color="red" loading={busy('unassign')} onClick={() => run('unassign')}>
            {t('inventory.poolPad.unassign')}
          </Button>
          <Button variant="default" loading={busy('disable')} onClick={() => run('disable')}>
            {t('inventory.poolPad.disable')}
          </Button>
          <Button variant="default" loading={busy('enable')} onClick={() => run('enable')}>
            {t('inventory.poolPad.enable')}
          </Button>
        </Group>
        <Button loading={busy('assign')} onClick={() => run('assign')}>
          {t('inventory.poolPad.assign')}
        </Button>
      </Group>
    </Stack>
  );
}
