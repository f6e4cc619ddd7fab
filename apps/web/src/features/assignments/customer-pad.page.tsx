import { Alert, Badge, Button, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { PadChangeBody } from '@portal/contract/assignments';
import { PRODUCT_TYPES } from '@portal/contract/assignments';
import { formatPercent } from '@portal/contract/format';
import { RULES } from '@portal/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCustomerDetails } from '../../lib/customer-lookup.ts';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { ProductTypeFilter } from '../../ui/list-filters.tsx';
import { localPage } from '../../ui/local-page.ts';
import { Margin, Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ProductCell } from '../../ui/product-cell.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { assignmentKeys, type PadRow, type PadView, useChangePad, usePad } from './assignments.queries.ts';
import { filterConfigurations } from './configuration-filter.ts';

/** The select's value for "no plan of its own": the customer's default slab applies. */
const DEFAULT_SLAB = 'default';

type PadFilters = { product_type: string; search_text: string; state: string };
const PAD_FILTERS: PadFilters = { product_type: '', search_text: '', state: '' };
const PAD_STATES = ['', 'assigned', 'unassigned'] as const;

/** `/customer/{customerId}/pad`: which configurations the customer may sell, with which discount slab. */
export function CustomerPadPage() {
  const { t } = useTranslation();
  const customerId = Number(useParams().customerId);
  const pad = usePad(customerId);
  const canView = useCan(RULES.customersView);
  const customer = useCustomerDetails(customerId, canView);
  const title = customer.data ? t('assignments.padFor', { name: customer.data.name }) : t('screen.customerPad');
  return (
    <>
      <PageHeader title={title} description={t('assignments.padDescription')} />
      <QueryState query={pad}>{(view) => <PadEditor view={view} version={pad.dataUpdatedAt} />}</QueryState>
    </>
  );
}

function PadEditor({ view, version }: { view: PadView; version: number }) {
  const { t } = useTranslation();
  const change = useChangePad();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [slab, setSlab] = useState<string | null>(null);
  const [slabError, setSlabError] = useState<string | null>(null);
  const plans = new Map(view.discount_plans.map((p) => [p.discount_plan_id, p.name]));

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  function run(action: PadChangeBody['action']) {
    const needsSlab = action === 'assign' || action === 'update';
    if (needsSlab && !slab) {
      setSlabError(t('form.slabRequired'));
      return;
    }
    setSlabError(null);
    const body: PadChangeBody = {
      customer_id: view.customer_id,
      action,
      configuration_ids: [...selected],
      ...(needsSlab ? { discount_plan_id: slab === DEFAULT_SLAB ? null : Number(slab) } : {}),
    };
    change.mutate(body, {
      onSuccess: () => {
        setSelected(new Set());
        notify({ color: 'teal', message: t('assignments.padSaved', { count: body.configuration_ids.length }) });
      },
    });
  }

  if (view.pad_list.length === 0) {
    return (
      <Alert color="gray" title={t('assignments.nothingToAssign')}>
        {t('assignments.nothingToAssignText')}
      </Alert>
    );
  }

  const columns: Column<PadRow>[] = [
    {
      key: 'pick',
      header: t('assignments.select'),
      width: 60,
      render: (r) => (
        <Checkbox
          checked={selected.has(r.configuration_id)}
          onChange={(e) => toggle(r.configuration_id, e.currentTarget.checked)}
          aria-label={t('assignments.selectConfiguration', { product: r.product_name, value: r.value })}
        />
      ),
    },
    {
      key: 'product',
      header: t('assignments.product'),
      render: (r) => (
        <ProductCell
          name={r.product_name}
          detail={`${t(`products.types.${r.product_type}`)}${r.info ? ` · ${r.info}` : ''}`}
        />
      ),
    },
    { key: 'value', header: t('assignments.faceValue'), align: 'right', render: (r) => <Money amount={r.value} /> },
    {
      key: 'state',
      header: t('customers.status'),
      render: (r) =>
        r.assigned ? (
          <Badge variant="light" color={r.is_active ? 'teal' : 'orange'}>
            {t(r.is_active ? 'assignments.assigned' : 'assignments.disabled')}
          </Badge>
        ) : (
          <Badge variant="light" color="gray">
            {t('assignments.unassigned')}
          </Badge>
        ),
    },
    {
      key: 'slab',
      header: t('assignments.slab'),
      render: (r) =>
        r.assigned ? (r.discount_plan_id ? plans.get(r.discount_plan_id) : t('assignments.defaultSlab')) : '—',
    },
    { key: 'discount', header: t('assignments.discount'), align: 'right', render: (r) => formatPercent(r.discount) },
    { key: 'price', header: t('assignments.price'), align: 'right', render: (r) => <Money amount={r.price} /> },
    {
      key: 'own_price',
      header: t('assignments.ownPrice'),
      align: 'right',
      render: (r) => (r.own_price === null ? '—' : <Money amount={r.own_price} />),
    },
    { key: 'margin', header: t('assignments.margin'), align: 'right', render: (r) => <Margin amount={r.margin} /> },
  ];

  const count = selected.size;
  return (
    <Stack>
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('assignments.slab')}
            placeholder={t('assignments.chooseSlab')}
            data={[
              { value: DEFAULT_SLAB, label: t('assignments.defaultSlab') },
              ...view.discount_plans.map((p) => ({ value: String(p.discount_plan_id), label: p.name })),
            ]}
            value={slab}
            onChange={(v) => {
              setSlab(v);
              setSlabError(null);
            }}
            error={slabError}
            w={260}
          />
          <Button
            disabled={count === 0}
            loading={change.isPending && change.variables?.action === 'assign'}
            onClick={() => run('assign')}
          >
            {t('assignments.assign', { count })}
          </Button>
          <Button variant="default" disabled={count === 0} onClick={() => run('update')}>
            {t('assignments.changeSlab')}
          </Button>
          <Button variant="default" disabled={count === 0} onClick={() => run('disable')}>
            {t('assignments.disable')}
          </Button>
          <Button variant="default" disabled={count === 0} onClick={() => run('enable')}>
            {t('assignments.enable')}
          </Button>
          <Button variant="light" color="red" disabled={count === 0} onClick={() => run('unassign')}>
            {t('assignments.unassign')}
          </Button>
        </Group>
        {change.error ? (
          <Text c="red" size="sm" mt="sm" role="alert">
            {describeError(t, change.error)}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed" mt="xs">
          {t('assignments.padHint')} <Link to="/discount-slabs/">{t('screen.discountSlabs')}</Link>
        </Text>
      </Paper>
      <DataTable
        queryKey={[...assignmentKeys.pad(view.customer_id), 'rows', version]}
        queryFn={async ({ page, limit, filters }) =>
          localPage(
            filterConfigurations(view.pad_list, filters).filter(
              (r) => !filters.state || (filters.state === 'assigned') === (r.assigned === 1),
            ),
            page,
            limit,
          )
        }
        columns={columns}
        rowKey={(r) => r.configuration_id}
        defaultFilters={PAD_FILTERS}
        allowedFilters={{ product_type: ['', ...PRODUCT_TYPES], state: PAD_STATES }}
        toolbar={(filters, setFilters) => (
          <>
            <ProductTypeFilter value={filters.product_type} onChange={(type) => setFilters({ product_type: type })} />
            <Select
              aria-label={t('assignments.stateFilter')}
              data={[
                { value: '', label: t('assignments.allStates') },
                { value: 'assigned', label: t('assignments.assigned') },
                { value: 'unassigned', label: t('assignments.unassigned') },
              ]}
              value={filters.state}
              onChange={(state) => setFilters({ state: state ?? '' })}
              w={180}
            />
            <SearchBox value={filters.search_text} onSearch={(search_text) => setFilters({ search_text })} />
          </>
        )}
      />
    </Stack>
  );
}
