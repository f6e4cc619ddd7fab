import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { productFields } from '@portal/contract/hardware';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { normaliseAmount } from '../../lib/amount.ts';
import { describeError } from '../../lib/errors.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { EditDeleteActions } from './edit-delete-actions.tsx';
import {
  type HardwareOrder,
  type HardwareProduct,
  type ProductInput,
  useCategories,
  useDeleteProduct,
  usePlaceOrder,
  useProducts,
  useSaveProduct,
} from './hardware.queries.ts';
import { OrderConfirmation } from './order-confirmation.tsx';

function useCategoryName(categoryId: number) {
  const categories = useCategories();
  return categories.data?.find((c) => c.category_id === categoryId)?.category_name;
}

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
    price: normaliseAmount(v.price),
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
        <FileInput
          label={t('hardware.image')}
          accept="image/png,image/jpeg,image/webp,image/gif"
          clearable
          {...form.getInputProps('image')}
        />
        <Textarea label={t('hardware.description')} autosize minRows={2} {...form.getInputProps('description')} />
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
                            onDelete={() => remove.mutate(p.product_id)}
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
        {editing ? (
          <Stack>
            <ProductForm
              key={editing.product_id}
              categoryId={categoryId}
              product={editing}
              onDone={() => setEditing(null)}
            />
            <Button variant="default" onClick={() => setEditing(null)} w="fit-content">
              {t('hardware.newProduct')}
            </Button>
          </Stack>
        ) : (
          <ProductForm categoryId={categoryId} onDone={() => undefined} />
        )}
      </Stack>
    </>
  );
}

function OrderCard({ product, onOrdered }: { product: HardwareProduct; onOrdered: (order: HardwareOrder) => void }) {
  const { t } = useTranslation();
  const order = usePlaceOrder();
  const [quantity, setQuantity] = useState<number | string>(1);
  const count = Number(quantity) || 0;
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        {product.image ? (
          <Image src={product.image} alt="" h={140} fit="contain" />
        ) : (
          <Group h={140} justify="center" c="dimmed">
            <IconPhoto size={40} aria-hidden />
          </Group>
        )}
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Text fw={600}>{product.product_name}</Text>
        {product.description && (
          <Text size="sm" c="dimmed">
            {product.description}
          </Text>
        )}
        <Group justify="space-between">
          <Money amount={product.price} />
          <Text size="xs" c="dimmed">
            {t('hardware.inStock', { count: product.stock })}
          </Text>
        </Group>
        <NumberInput
          label={t('hardware.quantityFor', { name: product.product_name })}
          min={1}
          max={Math.max(product.stock, 1)}
          allowDecimal={false}
          value={quantity}
          onChange={setQuantity}
        />
        {order.isError && (
          <Alert color="red" p="xs">
            {describeError(t, order.error)}
          </Alert>
        )}
        <Button
          disabled={product.stock === 0 || count < 1}
          loading={order.isPending}
          onClick={() => order.mutate({ product_id: product.product_id, quantity: count }, { onSuccess: onOrdered })}
        >
          {t('hardware.order')}
        </Button>
      </Stack>
    </Card>
  );
}

/** `/hardware/{categoryId}`: the shop orders from its reseller, paid from its balance; then prints the confirmation. */
export function ShopProductsPage() {
  const { t } = useTranslation();
  const categoryId = Number(useParams().categoryId);
  const name = useCategoryName(categoryId);
  const products = useProducts(categoryId);
  const [placed, setPlaced] = useState<HardwareOrder | null>(null);
  return (
    <>
      <PageHeader title={name ?? t('screen.shopHardwareCategory')} description={t('hardware.orderDescription')} />
      <Stack gap="xl">
        {placed && <OrderConfirmation order={placed} onClose={() => setPlaced(null)} />}
        <QueryState query={products}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={t('hardware.noProducts')} />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {list.map((p) => (
                  <OrderCard key={p.product_id} product={p} onOrdered={setPlaced} />
                ))}
              </SimpleGrid>
            )
          }
        </QueryState>
      </Stack>
    </>
  );
}
