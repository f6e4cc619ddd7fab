import { ActionIcon, Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from './amount-input.tsx';

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
        {t('products.denominations')}
      </Title>
      {rows.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until they are saved.
        <Group key={i} align="flex-start" wrap="nowrap">
          <AmountInput label={t('products.value')} w={160} {...inputProps(`configurations.${i}.value`)} />
          <TextInput label={t('products.info')} style={{ flex: 1 }} {...inputProps(`configurations.${i}.info`)} />
          <ActionIcon
            mt={26}
            variant="subtle"
            color="red"
            aria-label={t('products.removeDenomination')}
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
          {t('products.addDenomination')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The fields a new product and a new pool share: customer care, instructions and the denominations. */
export function NewProductFields<
  V extends { customer_care: string; instructions: string; configurations: DenominationRow[] },
>({ form }: { form: UseFormReturnType<V> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput label={t('products.customerCare')} {...form.getInputProps('customer_care')} />
      <Textarea label={t('products.instructions')} autosize minRows={2} {...form.getInputProps('instructions')} />
      <DenominationFields
        rows={form.values.configurations}
        error={form.errors.configurations as string | undefined}
        // The row type is the list's own; Mantine cannot follow a generic form to it.
        onAdd={() => form.insertListItem('configurations', { value: '', info: '' } as never)}
        onRemove={(i) => form.removeListItem('configurations', i)}
        inputProps={(path) => form.getInputProps(path)}
      />
    </>
  );
}
