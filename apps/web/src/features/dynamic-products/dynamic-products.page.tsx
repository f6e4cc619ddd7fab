import { Badge, Button, Modal, Select, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type SaveDynamicProductBody,
  SOFT_PIN_TYPES,
  type SoftApiProduct,
  saveDynamicProductBody,
} from '@portal/contract/dynamic-products';
import { RULES } from '@portal/contract/rules';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/permissions.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { ApiForm } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { useSaveDynamicProduct, useSoftApiProducts } from './dynamic-products.queries.ts';
import { ProductsFrame } from './products-frame.tsx';
import { ResellerDynamicProducts } from './reseller-dynamic-products.tsx';

/** `/dynamic-products/`: the platform configures what it sells, a reseller what it offers its shops (decision 0110). */
export function DynamicProductsPage() {
  return useCan(RULES.dynamicProductsPlatform) ? <PlatformDynamicProducts /> : <ResellerDynamicProducts />;
}

/**
 * The provider's catalogue beside the platform's choice of what it sells, as which product type, under which name
 * and at which face value (decision 0104). The superadmin's alone: provider goods are the platform's.
 */
function PlatformDynamicProducts() {
  const { t } = useTranslation();
  const products = useSoftApiProducts();
  const [editing, setEditing] = useState<SoftApiProduct | null>(null);
  const columns: Column<SoftApiProduct>[] = [
    { key: 'provider', header: t('dynamicProducts.config.providerProduct'), render: (p) => p.provider_name },
    {
      key: 'category',
      header: t('dynamicProducts.config.category'),
      render: (p) => t(`products.types.${p.category}`),
    },
    {
      key: 'providerFace',
      header: t('dynamicProducts.config.providerFaceValue'),
      align: 'right',
      render: (p) => <Money amount={p.provider_face_value} currency={p.currency} />,
    },
    {
      key: 'cost',
      header: t('dynamicProducts.config.providerCost'),
      align: 'right',
      render: (p) => <Money amount={p.provider_cost} currency={p.currency} />,
    },
    {
      key: 'available',
      header: t('dynamicProducts.config.available'),
      render: (p) =>
        p.available ? (
          <Badge color="teal" variant="light">
            {t('dynamicProducts.config.available')}
          </Badge>
        ) : (
          <Badge color="gray">{t('dynamicProducts.config.unavailable')}</Badge>
        ),
    },
    { key: 'name', header: t('dynamicProducts.config.name'), render: (p) => p.dynamic_product?.name ?? '—' },
    {
      key: 'type',
      header: t('dynamicProducts.config.productType'),
      render: (p) => (p.dynamic_product ? t(`products.types.${p.dynamic_product.product_type}`) : '—'),
    },
    {
      key: 'face',
      header: t('dynamicProducts.config.faceValue'),
      align: 'right',
      render: (p) => (p.dynamic_product ? <Money amount={p.dynamic_product.face_value} /> : '—'),
    },
    {
      key: 'enabled',
      header: t('dynamicProducts.config.enabled'),
      render: (p) =>
        p.dynamic_product?.enabled ? (
          <Badge color="teal">{t('dynamicProducts.config.enabled')}</Badge>
        ) : (
          <Badge color="gray">{t('dynamicProducts.config.notSold')}</Badge>
        ),
    },
    {
      key: 'edit',
      header: '',
      render: (p) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSettings size={14} />}
          onClick={() => setEditing(p)}
          aria-label={t('dynamicProducts.config.editTitle', { product: p.provider_name })}
        >
          {p.dynamic_product ? t('dynamicProducts.config.edit') : t('dynamicProducts.config.configure')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ProductsFrame
        query={products}
        description={t('dynamicProducts.config.description')}
        columns={columns}
        rowKey={(p) => p.provider_product_id}
        rowTestId="softapi-product"
      />
      {editing && <DynamicProductForm product={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function DynamicProductForm({ product, onClose }: { product: SoftApiProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDynamicProduct();
  const d = product.dynamic_product;
  const form = useForm<SaveDynamicProductBody>({
    initialValues: {
      provider_product_id: product.provider_product_id,
      name: d?.name ?? product.provider_name,
      product_type: d?.product_type ?? product.category,
      face_value: d?.face_value ?? product.provider_face_value,
      enabled: d?.enabled ?? true,
    },
    validate: zodValidate(saveDynamicProductBody, t),
  });
  return (
    <Modal opened onClose={onClose} title={t('dynamicProducts.config.editTitle', { product: product.provider_name })}>
      <ApiForm
        form={form}
        mutation={save}
        toInput={(v) => v}
        successMessage={t('dynamicProducts.config.saved')}
        onSuccess={onClose}
      >
        <TextInput label={t('dynamicProducts.config.name')} withAsterisk {...form.getInputProps('name')} />
        <Select
          label={t('dynamicProducts.config.productType')}
          data={SOFT_PIN_TYPES.map((v) => ({ value: v, label: t(`products.types.${v}`) }))}
          allowDeselect={false}
          {...form.getInputProps('product_type')}
        />
        <AmountInput label={t('dynamicProducts.config.faceValue')} withAsterisk {...form.getInputProps('face_value')} />
        <Switch label={t('dynamicProducts.config.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
      </ApiForm>
    </Modal>
  );
}
