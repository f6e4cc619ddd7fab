import { Group, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { addProductBody, PRODUCT_TYPES, type ProductType } from '@portal/contract/products';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PRODUCT_MESSAGES, zodValidate } from '../../lib/zod-form.ts';
import { NewProductFields } from '../../ui/denomination-fields.tsx';
import { ApiForm } from '../../ui/form-kit.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { VatSelect } from './product-vat-select.tsx';
import { type ProductInput, useCreateProduct } from './products.queries.ts';

/** `/products/add` and `/admin/giftcards/add` (type fixed to gift card). */
export function ProductAddPage({ productType }: { productType?: ProductType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const form = useForm<ProductInput>({
    initialValues: {
      product_name: '',
      product_type: productType ?? 'cash_card',
      pin_length: 16,
      customer_care: '',
      instructions: '',
      vat_treatment: 'mpv',
      configurations: [{ value: '', info: '' }],
    },
    validate: zodValidate(addProductBody, t, { messages: PRODUCT_MESSAGES }),
  });
  const giftCard = productType === 'gift_card';

  return (
    <>
      <PageHeader title={t(giftCard ? 'screen.giftCardAdd' : 'screen.productAdd')} />
      <Paper withBorder radius="md" p="lg" maw={760}>
        <ApiForm
          form={form}
          mutation={create}
          toInput={(values) => values}
          successMessage={t(giftCard ? 'products.giftCard.added' : 'products.added')}
          onSuccess={(product) =>
            navigate(giftCard ? `/admin/giftcard/${product.product_id}` : `/products/view/${product.product_id}`)
          }
          submitLabel={t('products.common.add')}
        >
          <TextInput label={t('products.name')} withAsterisk {...form.getInputProps('product_name')} />
          <Group grow align="flex-start">
            {!productType && (
              <Select
                label={t('products.type')}
                data={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`products.types.${type}`) }))}
                allowDeselect={false}
                {...form.getInputProps('product_type')}
              />
            )}
            <NumberInput label={t('products.pinLength')} min={4} max={64} {...form.getInputProps('pin_length')} />
          </Group>
          <VatSelect
            value={form.values.vat_treatment}
            onChange={(v) => form.setFieldValue('vat_treatment', v)}
            error={form.errors.vat_treatment as string | undefined}
          />
          <NewProductFields form={form} />
        </ApiForm>
      </Paper>
    </>
  );
}
