import { Paper, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatPercent } from '@portal/contract/format';
import {
  type DiscountProvider,
  type ProviderDiscountRow,
  type ProviderDiscountsBody,
  providerDiscountsBody,
} from '@portal/contract/provider-discounts';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { type Column, ColumnsTable } from '../../../ui/data-table.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ApiForm } from '../../../ui/form-kit.tsx';
import { percentInputColumn, useLoadedValues } from '../../../ui/percent-column.tsx';
import { useProviderDiscounts, useSaveProviderDiscounts } from '../customers.queries.ts';

/** An empty field is no assignment: the platform's default applies. */
type Values = { customer_id: number; discounts: { provider: DiscountProvider; discount: number | string }[] };
type Row = ProviderDiscountRow & { index: number };

const toBody = (v: Values): ProviderDiscountsBody => ({
  customer_id: v.customer_id,
  discounts: v.discounts.map((d) => ({
    provider: d.provider,
    discount: d.discount === '' ? null : String(d.discount),
  })),
});

/**
 * The customer's discount per provider (decision 0107), set by its parent like PAD: one row per service with the
 * platform's default, the assigned discount (empty: the default) and what applies; a reseller also sees its own
 * discount, the most it can give.
 */
export function ServicesDiscountsPanel({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const discounts = useProviderDiscounts(customerId);
  const save = useSaveProviderDiscounts();
  const form = useForm<Values>({
    initialValues: { customer_id: customerId, discounts: [] },
    validate: zodValidate(providerDiscountsBody, t, { toBody }),
  });
  const loaded = discounts.data;
  useLoadedValues(form, loaded, (l) => ({
    customer_id: customerId,
    discounts: l.discounts.map((d) => ({ provider: d.provider, discount: d.assigned ?? '' })),
  }));

  const rows: Row[] = (loaded?.discounts ?? []).map((d, index) => ({ ...d, index }));
  const parent = rows.some((r) => r.own_discount !== null);
  const columns: Column<Row>[] = [
    {
      key: 'service',
      header: t('providerDiscounts.service'),
      render: (r) => t(`providerDiscounts.providers.${r.provider}`),
    },
    {
      key: 'default',
      header: t('providerDiscounts.defaultDiscount'),
      align: 'right',
      render: (r) => formatPercent(r.default_discount),
    },
    ...(parent
      ? [
          {
            key: 'own',
            header: t('providerDiscounts.ownDiscount'),
            align: 'right' as const,
            render: (r: Row) => formatPercent(r.own_discount ?? '0'),
          },
        ]
      : []),
    percentInputColumn(form, {
      header: t('providerDiscounts.discount'),
      label: (r) => `${t('providerDiscounts.discount')} ${t(`providerDiscounts.providers.${r.provider}`)}`,
      placeholder: t('providerDiscounts.defaultPlaceholder'),
    }),
    {
      key: 'effective',
      header: t('providerDiscounts.effective'),
      align: 'right',
      render: (r) => <span data-testid={`effective-${r.provider}`}>{formatPercent(r.effective)}</span>,
    },
  ];
  return (
    <Paper withBorder radius="md" p="lg" data-testid="services-discounts">
      <Title order={2} fz="h4">
        {t('providerDiscounts.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('providerDiscounts.description')}
      </Text>
      {discounts.isError ? (
        <ErrorState message={describeError(t, discounts.error)} onRetry={() => discounts.refetch()} />
      ) : (
        <ApiForm form={form} mutation={save} toInput={toBody} successMessage={t('providerDiscounts.saved')}>
          <ColumnsTable
            rows={rows}
            columns={columns}
            rowKey={(r) => r.provider}
            rowTestId="services-discount-row"
            caption={t('providerDiscounts.title')}
            busy={discounts.isPending}
          />
        </ApiForm>
      )}
    </Paper>
  );
}
