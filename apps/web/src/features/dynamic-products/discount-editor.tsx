import { Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ApiDiscountsInput, apiDiscountsBody, type DynamicDiscountRow } from '@portal/contract/dynamic-products';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/errors.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { type Column, ColumnsTable } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { ApiForm } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { percentInputColumn, useLoadedValues } from '../../ui/percent-column.tsx';
import { useDynamicDiscounts, useSaveDynamicDiscounts } from './dynamic-products.queries.ts';

type Row = DynamicDiscountRow & { provider_cost?: string; margin?: string; index: number };

/**
 * One customer's discount per dynamic product, edited in place: the platform's view (`platform`) also shows the
 * provider's cost and the platform's margin; a parent's view shows what the parent itself pays.
 */
export function DiscountEditor({ scope, customerId }: { scope: 'platform' | 'parent'; customerId: number }) {
  const { t } = useTranslation();
  const discounts = useDynamicDiscounts(scope, customerId);
  const save = useSaveDynamicDiscounts(scope);
  const form = useForm<ApiDiscountsInput>({
    initialValues: { customer_id: customerId, discounts: [] },
    validate: zodValidate(apiDiscountsBody, t),
  });
  const loaded = discounts.data;
  useLoadedValues(form, loaded, (l) => ({
    customer_id: customerId,
    discounts: l.discounts.map((d) => ({ dynamic_product_id: d.dynamic_product_id, discount: d.discount })),
  }));

  if (discounts.isError) {
    return <ErrorState message={describeError(t, discounts.error)} onRetry={() => discounts.refetch()} />;
  }
  const rows: Row[] = (loaded?.discounts ?? []).map((d, index) => ({ ...d, index }));
  if (loaded && rows.length === 0) return <EmptyState title={t('dynamicProducts.discounts.empty')} />;
  const columns: Column<Row>[] = [
    { key: 'product', header: t('dynamicProducts.discounts.product'), render: (r) => r.name },
    {
      key: 'face',
      header: t('dynamicProducts.discounts.faceValue'),
      align: 'right',
      render: (r) => <Money amount={r.face_value} />,
    },
    ...(scope === 'platform'
      ? [
          {
            key: 'cost',
            header: t('dynamicProducts.discounts.providerCost'),
            align: 'right' as const,
            render: (r: Row) => (r.provider_cost ? <Money amount={r.provider_cost} /> : '—'),
          },
        ]
      : [
          {
            key: 'own',
            header: t('dynamicProducts.discounts.ownPrice'),
            align: 'right' as const,
            render: (r: Row) => (r.own_price ? <Money amount={r.own_price} /> : '—'),
          },
        ]),
    percentInputColumn(form, {
      header: t('dynamicProducts.discounts.discount'),
      label: (r) => `${t('dynamicProducts.discounts.discount')} ${r.name}`,
    }),
    {
      key: 'price',
      header: t('dynamicProducts.discounts.price'),
      align: 'right',
      render: (r) => <Money amount={r.price} />,
    },
    ...(scope === 'platform'
      ? [
          {
            key: 'margin',
            header: t('dynamicProducts.discounts.margin'),
            align: 'right' as const,
            render: (r: Row) => (r.margin ? <Money amount={r.margin} /> : '—'),
          },
        ]
      : []),
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <ApiForm form={form} mutation={save} toInput={(v) => v} successMessage={t('dynamicProducts.discounts.saved')}>
        <Stack gap="xs">
          {loaded && (
            <Text fw={600} data-testid="discount-customer">
              {loaded.customer.name}
            </Text>
          )}
          <ColumnsTable
            rows={rows}
            columns={columns}
            rowKey={(r) => r.dynamic_product_id}
            rowTestId="discount-row"
            caption={t('dynamicProducts.discounts.product')}
            busy={discounts.isPending}
          />
        </Stack>
      </ApiForm>
    </Paper>
  );
}
