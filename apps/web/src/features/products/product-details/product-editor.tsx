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
import { IconPhotoUp, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
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
  const update = useUpdateProduct(giftCard);
  const uploadImage = useUploadProductImage();
  const saved = () =>
    notify({ color: 'teal', message: t(giftCard ? 'catalogue.giftCard.updated' : 'catalogue.product.updated') });
  const change = (input: Omit<ProductUpdate, 'product_id'>) =>
    update.mutate({ product_id: product.product_id, ...input }, { onSuccess: saved });

  const details = useForm({
    initialValues: {
      product_id: product.product_id,
      product_name: product.product_name,
      pin_length: product.pin_length,
      customer_care: product.customer_care,
      instructions: product.instructions,
      vat_treatment: product.vat_treatment,
    },
    validate: zodValidate(updateProductBody, t),
  });
  const denomination = useForm({
    initialValues: { value: '', info: '' },
    validate: zodValidate(configurationInput, t),
  });

  return (
    <>
      <PageHeader
        title={product.product_name}
        description={t(`catalogue.productTypes.${product.product_type}`)}
        actions={
          <>
            <ActiveBadge size="lg" active={product.is_active} />
            <Button
              variant="default"
              loading={update.isPending && update.variables?.is_active !== undefined}
              onClick={() => change({ is_active: product.is_active ? 0 : 1 })}
            >
              {t(product.is_active ? 'catalogue.common.deactivate' : 'catalogue.common.activate')}
            </Button>
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Paper withBorder radius="md" p="lg" style={{ gridColumn: 'span 2' }}>
          <form
            noValidate
            onSubmit={details.onSubmit((values) =>
              update.mutate(values, {
                onSuccess: saved,
                onError: (error) => {
                  details.setErrors(fieldErrors(error));
                },
              }),
            )}
          >
            <Stack>
              <TextInput label={t('catalogue.product.name')} withAsterisk {...details.getInputProps('product_name')} />
              <NumberInput
                label={t('catalogue.product.pinLength')}
                min={4}
                max={64}
                {...details.getInputProps('pin_length')}
              />
              <TextInput label={t('catalogue.product.customerCare')} {...details.getInputProps('customer_care')} />
              <VatSelect
                value={details.values.vat_treatment}
                onChange={(v) => details.setFieldValue('vat_treatment', v)}
                error={details.errors.vat_treatment as string | undefined}
              />
              <Textarea
                label={t('catalogue.product.instructions')}
                autosize
                minRows={2}
                {...details.getInputProps('instructions')}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={update.isPending && update.variables?.product_name !== undefined}>
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack align="center">
            <Title order={2} fz="h5" style={{ alignSelf: 'flex-start' }}>
              {t('catalogue.product.image')}
            </Title>
            {product.product_image ? (
              <Image src={product.product_image} alt={product.product_name} mah={160} fit="contain" />
            ) : (
              <Text c="dimmed" size="sm">
                {t('catalogue.product.noImage')}
              </Text>
            )}
            <FileButton
              accept={PRODUCT_IMAGE_TYPES.join(',')}
              onChange={(file) =>
                file &&
                uploadImage.mutate(
                  { product_id: product.product_id, file },
                  {
                    onSuccess: () => notify({ color: 'teal', message: t('catalogue.product.imageSaved') }),
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
                  {t('catalogue.product.imageUpload')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('catalogue.product.imageHint')}
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
            {t(c.is_active ? 'catalogue.common.deactivate' : 'catalogue.common.activate')}
          </Button>
        )}
      >
        <form
          noValidate
          onSubmit={denomination.onSubmit((values) =>
            update.mutate(
              { product_id: product.product_id, configurations: [values] },
              {
                onSuccess: () => {
                  denomination.reset();
                  saved();
                },
              },
            ),
          )}
        >
          <Group mt="md" align="flex-end">
            <TextInput
              label={t('catalogue.product.value')}
              inputMode="decimal"
              w={160}
              {...denomination.getInputProps('value')}
            />
            <TextInput
              label={t('catalogue.product.info')}
              style={{ flex: 1 }}
              {...denomination.getInputProps('info')}
            />
            <Button type="submit" variant="light" leftSection={<IconPlus size={16} />}>
              {t('catalogue.product.addDenomination')}
            </Button>
          </Group>
        </form>
      </DenominationsTable>
    </>
  );
}
