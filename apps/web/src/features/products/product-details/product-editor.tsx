import {
  Button,
  FileButton,
  Group,
  Image,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { configurationInput, PRODUCT_IMAGE_TYPES, updateProductBody } from '@portal/contract/products';
import { IconPhotoUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { PRODUCT_MESSAGES, zodValidate } from '../../../lib/zod-form.ts';
import { AmountInput } from '../../../ui/amount-input.tsx';
import { ApiForm } from '../../../ui/form-kit.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { VatSelect } from '../product-vat-select.tsx';
import {
  type ProductUpdate,
  type ProductWithConfigurations,
  useUpdateProduct,
  useUploadProductImage,
} from '../products.queries.ts';
import { ActiveBadge, DenominationsTable } from './denominations-table.tsx';

export function ProductEditor({ product, giftCard }: { product: ProductWithConfigurations; giftCard: boolean }) {
  const { t } = useTranslation();
  // One mutation per form and one for the switches, so each shows only its own progress and refusal.
  const update = useUpdateProduct(giftCard, { errorToast: true });
  const saveDetails = useUpdateProduct(giftCard);
  const addDenomination = useUpdateProduct(giftCard);
  const uploadImage = useUploadProductImage();
  const savedMessage = t(giftCard ? 'products.giftCard.updated' : 'products.updated');
  const change = (input: Omit<ProductUpdate, 'product_id'>) =>
    update.mutate(
      { product_id: product.product_id, ...input },
      { onSuccess: () => notify({ color: 'teal', message: savedMessage }) },
    );

  const details = useForm({
    initialValues: {
      product_id: product.product_id,
      product_name: product.product_name,
      pin_length: product.pin_length,
      customer_care: product.customer_care,
      instructions: product.instructions,
      vat_treatment: product.vat_treatment,
    },
    validate: zodValidate(updateProductBody, t, { messages: PRODUCT_MESSAGES }),
  });
  const denomination = useForm({
    initialValues: { value: '', info: '' },
    validate: zodValidate(configurationInput, t, { messages: PRODUCT_MESSAGES }),
  });

  return (
    <>
      <PageHeader
        title={product.product_name}
        description={t(`products.types.${product.product_type}`)}
        actions={
          <>
            <ActiveBadge size="lg" active={product.is_active} />
            <Button
              variant="default"
              loading={update.isPending && update.variables?.is_active !== undefined}
              onClick={() => change({ is_active: product.is_active ? 0 : 1 })}
            >
              {t(product.is_active ? 'products.common.deactivate' : 'products.common.activate')}
            </Button>
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Paper withBorder radius="md" p="lg" style={{ gridColumn: 'span 2' }}>
          <ApiForm form={details} mutation={saveDetails} toInput={(values) => values} successMessage={savedMessage}>
            <Stack>
              <TextInput label={t('products.name')} withAsterisk {...details.getInputProps('product_name')} />
              <NumberInput label={t('products.pinLength')} min={4} max={64} {...details.getInputProps('pin_length')} />
              <TextInput label={t('products.customerCare')} {...details.getInputProps('customer_care')} />
              <VatSelect
                value={details.values.vat_treatment}
                onChange={(v) => details.setFieldValue('vat_treatment', v)}
                error={details.errors.vat_treatment as string | undefined}
              />
              <Textarea
                label={t('products.instructions')}
                autosize
                minRows={2}
                {...details.getInputProps('instructions')}
              />
            </Stack>
          </ApiForm>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack align="center">
            <Title order={2} fz="h5" style={{ alignSelf: 'flex-start' }}>
              {t('products.image')}
            </Title>
            {product.product_image ? (
              <Image src={product.product_image} alt={product.product_name} mah={160} fit="contain" />
            ) : (
              <Text c="dimmed" size="sm">
                {t('products.noImage')}
              </Text>
            )}
            <FileButton
              accept={PRODUCT_IMAGE_TYPES.join(',')}
              onChange={(file) =>
                file &&
                uploadImage.mutate(
                  { product_id: product.product_id, file },
                  {
                    onSuccess: () => notify({ color: 'teal', message: t('products.imageSaved') }),
                  },
                )
              }
            >
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconPhotoUp size={16} />}
                  loading={uploadImage.isPending}
                >
                  {t('products.imageUpload')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('products.imageHint')}
            </Text>
          </Stack>
        </Paper>
      </SimpleGrid>
      <DenominationsTable
        configurations={product.configurations}
        action={(c) => (
          <Button
            size="xs"
            variant="default"
            onClick={() => change({ configurations: [{ id: c.id, is_active: c.is_active ? 0 : 1 }] })}
          >
            {t(c.is_active ? 'products.common.deactivate' : 'products.common.activate')}
          </Button>
        )}
      >
        <ApiForm
          form={denomination}
          mutation={addDenomination}
          toInput={(values) => ({ product_id: product.product_id, configurations: [values] })}
          onSuccess={() => denomination.reset()}
          successMessage={savedMessage}
          submitLabel={t('products.addDenomination')}
        >
          <Group mt="md" align="flex-end">
            <AmountInput label={t('products.value')} w={160} {...denomination.getInputProps('value')} />
            <TextInput label={t('products.info')} style={{ flex: 1 }} {...denomination.getInputProps('info')} />
          </Group>
        </ApiForm>
      </DenominationsTable>
    </>
  );
}
