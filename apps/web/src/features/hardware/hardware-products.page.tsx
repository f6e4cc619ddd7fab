import { NumberInput, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { productFields } from '@portal/contract/hardware';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { zodValidate } from '../../lib/zod-form.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { askToConfirm } from '../../ui/confirm-action.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { DescriptionField, EditOrAdd, ImageField } from './catalogue-parts.tsx';
import { EditDeleteActions } from './edit-delete-actions.tsx';
import {
  type HardwareProduct,
  type ProductInput,
  useCategoryName,
  useDeleteProduct,
  useProducts,
  useSaveProduct,
} from './hardware.queries.ts';

interface ProductValues {
  product_name: string;
  description: string;
  price: string;
  stock: number | string;
  image: File | null;
}

/** The call's fields from the form: the contract's `productFields` check them here and on the server. */
function productBody(v: ProductValues, categoryId: number, product?: HardwareProduct): ProductInput {
  return {
    id: product?.product_id,
    category_id: categoryId,
    product_name: v.product_name.trim(),
    description: v.description,
    price: v.price,
    stock: String(v.stock),
    image: v.image,
  };
}

function ProductForm({
  categoryId,
  product,
  onDone,
}: {
  categoryId: number;
  product?: HardwareProduct;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveProduct();
  const toBody = (v: ProductValues) => productBody(v, categoryId, product);
  const form = useForm<ProductValues>({
    initialValues: {
      product_name: product?.product_name ?? '',
      description: product?.description ?? '',
      price: product?.price.replace('.', ',') ?? '',
      stock: product?.stock ?? 0,
      image: null,
    },
    validate: zodValidate(productFields, t, { toBody, messages: { product_name: 'hardware.nameRequired' } }),
  });
  return (
    <ApiForm
      form={form}
      mutation={save}
      toInput={toBody}
      onSuccess={() => {
        form.reset();
        onDone();
      }}
      submitLabel={product ? t('hardware.saveProduct') : t('hardware.addProduct')}
    >
      <FormSection
        title={product ? t('hardware.editProduct', { name: product.product_name }) : t('hardware.newProduct')}
      >
        <TextInput label={t('hardware.productName')} withAsterisk {...form.getInputProps('product_name')} />
        <AmountInput label={t('hardware.price')} withAsterisk {...form.getInputProps('price')} />
        <NumberInput label={t('hardware.stock')} min={0} allowDecimal={false} {...form.getInputProps('stock')} />
        <ImageField {...form.getInputProps('image')} />
        <DescriptionField {...form.getInputProps('description')} />
      </FormSection>
    </ApiForm>
  );
}

/** `/hardware/category/{categoryId}`: the reseller's products of one category with price and stock. */
export function HardwareProductsPage() {
  const { t } = useTranslation();
  const categoryId = Number(useParams().categoryId);
  const name = useCategoryName(categoryId);
  const products = useProducts(categoryId);
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<HardwareProduct | null>(null);
  return (
    <>
      <PageHeader title={name ?? t('screen.hardwareCategory')} description={t('hardware.productsDescription')} />
      <Stack gap="xl">
        <QueryState query={products}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t('hardware.noProducts')} />
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('hardware.productName')}</Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>{t('hardware.price')}</Table.Th>
                      <Table.Th style={{ textAlign: 'right' }}>{t('hardware.stock')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('hardware.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((p) => (
                      <Table.Tr key={p.product_id}>
                        <Table.Td>{p.product_name}</Table.Td>
                        <Table.Td style={{ textAlign: 'right' }}>
                          <Money amount={p.price} />
                        </Table.Td>
                        <Table.Td style={{ textAlign: 'right' }}>{p.stock}</Table.Td>
                        <Table.Td style={{ textAlign: 'right' }}>
                          <EditDeleteActions
                            editLabel={t('hardware.editProduct', { name: p.product_name })}
                            deleteLabel={t('hardware.deleteNamed', { name: p.product_name })}
                            onEdit={() => setEditing(p)}
                            onDelete={() =>
                              askToConfirm({
                                title: t('safeActions.catalogueDelete.productTitle', { name: p.product_name }),
                                consequence: t('safeActions.catalogueDelete.product', { name: p.product_name }),
                                confirmLabel: t('safeActions.deleteConfirm'),
                                danger: true,
                                run: () => remove.mutateAsync(p.product_id),
                                done: { message: t('safeActions.catalogueDelete.done', { name: p.product_name }) },
                              })
                            }
                            justify="flex-end"
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
        <EditOrAdd
          editing={editing}
          keyOf={(p) => p.product_id}
          form={(product, onDone) => <ProductForm categoryId={categoryId} product={product} onDone={onDone} />}
          newLabel={t('hardware.newProduct')}
          onStop={() => setEditing(null)}
        />
      </Stack>
    </>
  );
}
