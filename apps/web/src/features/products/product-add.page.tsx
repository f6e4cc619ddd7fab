import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { addProductBody, PRODUCT_TYPES, type ProductType } from '@portal/contract/products';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldErrors } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { type ProductInput, useCreateProduct } from './products.queries.ts';
import { zodValidate } from './zod-form.ts';

export interface DenominationRow {
  value: string;
  info: string;
}

/** Denominations of a new product or pool: value greater than 0 (spec section 5) and an info text. */
export function DenominationFields({
  rows,
  error,
  onAdd,
  onRemove,
  inputProps,
}: {
  rows: DenominationRow[];
  error?: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  inputProps: (path: string) => object;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={2} fz="h5">
        {t('catalogue.product.denominations')}
      </Title>
      {rows.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until they are saved.
        <Group key={i} align="flex-start" wrap="nowrap">
          <TextInput
            label={t('catalogue.product.value')}
            inputMode="decimal"
            w={160}
            {...inputProps(`configurations.${i}.value`)}
          />
          <TextInput
            label={t('catalogue.product.info')}
            style={{ flex: 1 }}
            {...inputProps(`configurations.${i}.info`)}
          />
          <ActionIcon
            mt={26}
            variant="subtle"
            color="red"
            aria-label={t('catalogue.product.removeDenomination')}
            disabled={rows.length === 1}
            onClick={() => onRemove(i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>
          {t('catalogue.product.addDenomination')}
        </Button>
      </Group>
    </Stack>
  );
}

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
      configurations: [{ value: '', info: '' }],
    },
    validate: zodValidate(addProductBody, t),
  });
  const giftCard = productType === 'gift_card';

  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (product) => {
        notify({ color: 'teal', message: t(giftCard ? 'catalogue.giftCard.added' : 'catalogue.product.added') });
        void navigate(giftCard ? `/admin/giftcard/${product.product_id}` : `/products/view/${product.product_id}`);
      },
      onError: (error) => {
        form.setErrors(fieldErrors(error));
      },
    }),
  );

  return (
    <>
      <PageHeader title={t(giftCard ? 'screen.giftCardAdd' : 'screen.productAdd')} />
      <Paper withBorder radius="md" p="lg" maw={760}>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={t('catalogue.product.name')} withAsterisk {...form.getInputProps('product_name')} />
            <Group grow align="flex-start">
              {!productType && (
                <Select
                  label={t('catalogue.product.type')}
                  data={PRODUCT_TYPES.map((type) => ({ value: type, label: t(`catalogue.productTypes.${type}`) }))}
                  allowDeselect={false}
                  {...form.getInputProps('product_type')}
                />
              )}
              <NumberInput
                label={t('catalogue.product.pinLength')}
                min={4}
                max={64}
                {...form.getInputProps('pin_length')}
              />
            </Group>
            <TextInput label={t('catalogue.product.customerCare')} {...form.getInputProps('customer_care')} />
            <Textarea
              label={t('catalogue.product.instructions')}
              autosize
              minRows={2}
              {...form.getInputProps('instructions')}
            />
            <DenominationFields
              rows={form.values.configurations}
              error={form.errors.configurations as string | undefined}
              onAdd={() => form.insertListItem('configurations', { value: '', info: '' })}
              onRemove={(i) => form.removeListItem('configurations', i)}
              inputProps={(path) => form.getInputProps(path)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                {t('catalogue.common.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
