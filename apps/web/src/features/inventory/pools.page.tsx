import { Badge, Button, Group, Modal, Switch } from '@mantine/core';
import { passesRule, RULES } from '@portal/contract/rules';
import { IconFileImport, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFormatters } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { ruleSubject, useSession } from '../../lib/session.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { ImportStepper } from './import-stepper/import-stepper.tsx';
import { findPools, type PoolRow, poolKeys, usePool, useUpdatePool } from './pools.queries.ts';

const NO_FILTERS = {};

/** `/inventory/pool`: the platform's calling-card pools; each fills through the same import stepper. */
export function PoolsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const importInto = Number(params.get('import_pool')) || null;
  const update = useUpdatePool();
  // Assigning goes through the PAD calls, which also need the assign-products flag.
  const canAssign = passesRule(ruleSubject(useSession().user), RULES.assignProducts);
  const columns: Column<PoolRow>[] = [
    { key: 'name', header: t('inventory.pool.name'), render: (p) => p.pool_name },
    { key: 'pin', header: t('products.pinLength'), align: 'right', render: (p) => p.pin_length },
    {
      key: 'configs',
      header: t('products.configurationCount'),
      align: 'right',
      render: (p) => p.configuration_count,
    },
    { key: 'total', header: t('inventory.stock.total'), align: 'right', render: (p) => p.total },
    { key: 'sold', header: t('inventory.stock.sold'), align: 'right', render: (p) => p.sold },
    {
      key: 'available',
      header: t('inventory.stock.available'),
      align: 'right',
      render: (p) => (
        <Badge variant="light" color={p.available > 0 ? 'teal' : 'red'}>
          {p.available}
        </Badge>
      ),
    },
    {
      key: 'status',
      header: t('inventory.common.status'),
      render: (p) => (
        <Switch
          aria-label={`${t('inventory.common.status')} ${p.pool_name}`}
          checked={p.is_active === 1}
          label={t(p.is_active ? 'inventory.common.active' : 'inventory.common.inactive')}
          onChange={(e) =>
            update.mutate(
              { pool_id: p.pool_id, is_active: e.currentTarget.checked ? 1 : 0 },
              {
                onSuccess: () => notify({ color: 'teal', message: t('inventory.pool.updated') }),
              },
            )
          }
        />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (p) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFileImport size={14} />}
            onClick={() => setParams({ import_pool: String(p.pool_id) })}
          >
            {t('inventory.pool.importPins')}
          </Button>
          {canAssign && (
            <Button
              size="xs"
              variant="light"
              color="grape"
              leftSection={<IconUsersGroup size={14} />}
              component={Link}
              to={`/inventory/pool/pad/${p.pool_id}`}
            >
              {t('inventory.poolPad.open')}
            </Button>
          )}
          <Button size="xs" variant="default" component={Link} to={`/products/view/${p.product_id}`}>
            {t('inventory.common.details')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('screen.pools')}
        description={t('inventory.pool.listDescription')}
        actions={
          <Button leftSection={<IconPlus size={16} />} component={Link} to="/inventory/pool/add">
            {t('screen.poolAdd')}
          </Button>
        }
      />
      <DataTable
        queryKey={poolKeys.lists()}
        queryFn={findPools}
        columns={columns}
        rowKey={(p) => p.pool_id}
        defaultFilters={NO_FILTERS}
      />
      <PoolImportModal poolId={importInto} onClose={() => setParams({})} />
    </>
  );
}

function PoolImportModal({ poolId, onClose }: { poolId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: pool } = usePool(poolId);
  const { money } = useFormatters();
  return (
    <Modal
      opened={poolId !== null}
      onClose={onClose}
      size="xl"
      title={pool ? t('inventory.pool.importTitle', { name: pool.pool_name }) : t('inventory.pool.importPins')}
    >
      {pool ? (
        <ImportStepper
          kind="pool"
          poolId={pool.pool_id}
          configurations={pool.configurations.map((c) => ({
            configuration_id: c.id,
            label: `${pool.pool_name} · ${money(c.value)}`,
          }))}
          onRestart={onClose}
        />
      ) : (
        <PageLoader />
      )}
    </Modal>
  );
}
