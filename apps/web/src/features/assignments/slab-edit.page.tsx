import { Badge, Group, Paper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { discountPercent, PRODUCT_TYPES, updateConfigurationSlabBody } from '@portal/contract/assignments';
import { priceAfterDiscount } from '@portal/contract/pricing';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { zodValidate } from '../../lib/zod-form.ts';
import { PercentInput } from '../../ui/amount-input.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { ProductTypeFilter } from '../../ui/list-filters.tsx';
import { localPage } from '../../ui/local-page.ts';
import { Margin, Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { assignmentKeys, type DiscountSlabDetail, useSlab, useUpdateSlab } from './assignments.queries.ts';
import { type ConfigFilters, filterConfigurations } from './configuration-filter.ts';

type Configuration = DiscountSlabDetail['configurations'][number];

interface SlabValues {
  name: string;
  /** Discount text per configuration id; '' leaves the configuration without a discount in this slab. */
  discounts: Record<string, string>;
}

/** The slab's discounts as sent: only configurations with a discount typed in. */
function slabItems(v: SlabValues) {
  return Object.entries(v.discounts)
    .filter(([, text]) => text !== '')
    .map(([id, text]) => ({ configuration_id: Number(id), discount: text }));
}

/** The call's body from the form: the contract's `updateConfigurationSlabBody` checks it here and on the server. */
function slabBody(slabId: number, v: SlabValues) {
  return { discount_slab_id: slabId, name: v.name.trim(), items: slabItems(v) };
}

/** A refused discount is shown on its configuration's field (`discounts.<configuration_id>`). */
function slabField(path: string, v: SlabValues): string {
  const item = /^items\.(\d+)\.discount$/.exec(path);
  return item ? `discounts.${slabItems(v)[Number(item[1])]?.configuration_id}` : path;
}

/** `/product-discount-slabs/{discountSlabId}`: the slab's name and its discount on every configuration. */
export function SlabEditPage() {
  const { t } = useTranslation();
  const slabId = Number(useParams().discountSlabId);
  const slab = useSlab(slabId);
  return (
    <QueryState query={slab} errorTitle={t('assignments.slabsError')}>
      {(data) => <SlabEditor key={slab.dataUpdatedAt} slab={data} />}
    </QueryState>
  );
}

const CONFIG_FILTERS: ConfigFilters = { product_type: '', search_text: '' };

function SlabEditor({ slab }: { slab: DiscountSlabDetail }) {
  const { t } = useTranslation();
  const update = useUpdateSlab();
  const initial = useMemo(
    () => Object.fromEntries(slab.configurations.map((c) => [String(c.configuration_id), c.discount ?? ''])),
    [slab],
  );
  const form = useForm<SlabValues>({
    initialValues: { name: slab.name, discounts: initial },
    validate: zodValidate(updateConfigurationSlabBody, t, {
      toBody: (v) => slabBody(slab.discount_slab_id, v),
      field: slabField,
    }),
  });

  const columns: Column<Configuration>[] = [
    {
      key: 'product',
      header: t('assignments.product'),
      render: (c) => (
        <div>
          <Text size="sm" fw={500}>
            {c.product_name}
          </Text>
          <Text size="xs" c="dimmed">
            {c.info}
          </Text>
        </div>
      ),
    },
    {
      key: 'type',
      header: t('assignments.productType'),
      render: (c) => (
        <Badge variant="light" color="gray">
          {t(`products.types.${c.product_type}`)}
        </Badge>
      ),
    },
    { key: 'value', header: t('assignments.faceValue'), align: 'right', render: (c) => <Money amount={c.value} /> },
    {
      key: 'discount',
      header: t('assignments.discount'),
      width: 160,
      render: (c) => (
        <PercentInput
          aria-label={t('assignments.discountFor', { product: c.product_name, value: c.value })}
          {...form.getInputProps(`discounts.${c.configuration_id}`)}
        />
      ),
    },
    {
      key: 'price',
      header: t('assignments.price'),
      align: 'right',
      render: (c) => (
        <PricePreview value={c.value} discount={form.values.discounts[String(c.configuration_id)] ?? ''} />
      ),
    },
    {
      key: 'own_price',
      header: t('assignments.ownPrice'),
      align: 'right',
      render: (c) => (c.own_price === null ? '—' : <Money amount={c.own_price} />),
    },
    {
      key: 'margin',
      header: t('assignments.margin'),
      align: 'right',
      render: (c) => (
        <Margin amount={marginAt(c.value, form.values.discounts[String(c.configuration_id)] ?? '', c.own_price)} />
      ),
    },
  ];

  return (
    <>
      <PageHeader title={slab.name} description={t('assignments.editSlabDescription')} />
      <ApiForm
        form={form}
        mutation={update}
        toInput={(v) => slabBody(slab.discount_slab_id, v)}
        successMessage={t('assignments.slabSaved')}
        cancelTo="/discount-slabs/"
      >
        <FormSection title={t('assignments.slab')} cols={1}>
          <TextInput label={t('assignments.slabName')} required maxLength={100} {...form.getInputProps('name')} />
        </FormSection>
        <Paper>
          <DataTable
            queryKey={[...assignmentKeys.slab(slab.discount_slab_id), 'rows']}
            queryFn={async ({ page, limit, filters }) =>
              localPage(filterConfigurations(slab.configurations, filters), page, limit)
            }
            columns={columns}
            rowKey={(c) => c.configuration_id}
            defaultFilters={CONFIG_FILTERS}
            allowedFilters={{ product_type: ['', ...PRODUCT_TYPES] }}
            toolbar={(filters, setFilters) => (
              <Group>
                <ProductTypeFilter
                  value={filters.product_type}
                  onChange={(type) => setFilters({ product_type: type })}
                />
                <SearchBox value={filters.search_text} onSearch={(search_text) => setFilters({ search_text })} />
              </Group>
            )}
          />
        </Paper>
      </ApiForm>
    </>
  );
}

/** What the operator keeps at this discount while it is typed; null while unknown or not a valid discount. */
function marginAt(value: string, discount: string, ownPrice: string | null): string | null {
  if (ownPrice === null || (discount !== '' && !discountPercent.safeParse(discount).success)) return null;
  return priceAfterDiscount(value, discount || '0')
    .minus(ownPrice)
    .toFixed(2);
}

/** The seller's price at this discount, computed like the server does (decimal, rounded half-up to the cent). */
function PricePreview({ value, discount }: { value: string; discount: string }) {
  if (discount !== '' && !discountPercent.safeParse(discount).success) return <Text c="dimmed">—</Text>;
  return <Money amount={priceAfterDiscount(value, discount || '0').toFixed(2)} />;
}
