import { Badge, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ImportView, stepTwoBody } from '@portal/contract/inventory-import';
import { poolStepTwoBody } from '@portal/contract/pools';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVENTORY_MESSAGES, zodValidate } from '../../../lib/zod-form.ts';
import { PercentInput } from '../../../ui/amount-input.tsx';
import { ApiForm } from '../../../ui/form-kit.tsx';
import { useSupplierOptions } from '../../suppliers/suppliers.queries.ts';
import { type ImportKind, type MappingInput, useMapImport, usePreviousDiscount } from '../inventory.queries.ts';

export interface ConfigurationOption {
  configuration_id: number;
  label: string;
}

type MappingValues = {
  configuration_id: string;
  supplier_id: string;
  pin_sequence: string;
  batch_sequence: string;
  serial_sequence: string;
  has_header: boolean;
  import_batch: string;
  buying_discount: string;
};

export function MapStep({
  kind,
  poolId,
  imported,
  preview,
  configurations,
  onMapped,
}: {
  kind: ImportKind;
  poolId?: number;
  imported: ImportView;
  preview: string[][] | null;
  configurations: ConfigurationOption[];
  onMapped: () => void;
}) {
  const { t } = useTranslation();
  const suppliers = useSupplierOptions();
  const mapImport = useMapImport(kind);
  const mapping = (v: MappingValues): MappingInput => ({
    import_id: imported.import_id,
    pool_id: poolId,
    configuration_id: Number(v.configuration_id),
    supplier_id: Number(v.supplier_id),
    pin_sequence: Number(v.pin_sequence),
    batch_sequence: v.batch_sequence ? Number(v.batch_sequence) : undefined,
    serial_sequence: v.serial_sequence ? Number(v.serial_sequence) : undefined,
    has_header: v.has_header ? 1 : 0,
    import_batch: v.import_batch.trim() || undefined,
    buying_discount: v.buying_discount,
  });
  const form = useForm<MappingValues>({
    initialValues: {
      configuration_id: imported.configuration_id ? String(imported.configuration_id) : '',
      supplier_id: imported.supplier_id ? String(imported.supplier_id) : '',
      pin_sequence: '1',
      batch_sequence: '',
      serial_sequence: '',
      has_header: imported.has_header === null ? imported.detected_header === 1 : imported.has_header === 1,
      import_batch: imported.import_batch ?? '',
      buying_discount: imported.buying_discount ?? '',
    },
    validate: (values) =>
      zodValidate(kind === 'pool' ? poolStepTwoBody : stepTwoBody, t, { messages: INVENTORY_MESSAGES })(
        mapping(values),
      ),
  });
  const previous = usePreviousDiscount(
    kind,
    form.values.supplier_id ? Number(form.values.supplier_id) : null,
    form.values.configuration_id ? Number(form.values.configuration_id) : null,
  );
  const previousDiscount = previous.data?.buying_discount ?? null;
  // Prefill the discount from the supplier's previous import until the operator types one.
  const [prefilled, setPrefilled] = useState<string | null>(null);
  useEffect(() => {
    if (previousDiscount !== null && previousDiscount !== prefilled && !form.isTouched('buying_discount')) {
      form.setFieldValue('buying_discount', String(Number(previousDiscount)));
      setPrefilled(previousDiscount);
    }
  }, [previousDiscount, prefilled, form]);

  const columns = Array.from({ length: imported.column_count }, (_, i) => ({
    value: String(i + 1),
    label: t('inventory.import.columnNumber', { number: i + 1 }),
  }));
  const optional = [{ value: '', label: '—' }, ...columns];

  return (
    <Stack mt="md">
      <Text size="sm" c="dimmed">
        {imported.file_name} ·{' '}
        {t('inventory.import.uploaded', { lines: imported.line_count, columns: imported.column_count })}
      </Text>
      {preview && (
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" fw={500} mb="xs">
            {t('inventory.import.preview')}
          </Text>
          <Table withColumnBorders fz="sm">
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.value}>{c.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows are fixed and have no id.
                <Table.Tr key={r}>
                  {columns.map((c, i) => (
                    <Table.Td key={c.value} ff="monospace">
                      {row[i] ?? ''}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Paper withBorder radius="md" p="lg">
        <ApiForm
          form={form}
          mutation={mapImport}
          toInput={mapping}
          onSuccess={onMapped}
          submitLabel={t('inventory.import.check')}
        >
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('inventory.import.configuration')}
                searchable
                withAsterisk
                data={configurations.map((c) => ({ value: String(c.configuration_id), label: c.label }))}
                {...form.getInputProps('configuration_id')}
              />
              <Select
                label={t('inventory.common.supplier')}
                searchable
                withAsterisk
                data={(suppliers.data ?? []).map((s) => ({ value: String(s.supplier_id), label: s.full_name }))}
                {...form.getInputProps('supplier_id')}
              />
              <Select
                label={t('inventory.import.pinColumn')}
                data={columns}
                allowDeselect={false}
                {...form.getInputProps('pin_sequence')}
              />
              <Select
                label={t('inventory.import.batchColumn')}
                data={optional}
                {...form.getInputProps('batch_sequence')}
              />
              <Select
                label={t('inventory.import.serialColumn')}
                data={optional}
                {...form.getInputProps('serial_sequence')}
              />
              <TextInput
                label={t('inventory.import.importBatch')}
                description={t('inventory.import.importBatchHint')}
                {...form.getInputProps('import_batch')}
              />
              <PercentInput
                label={t('inventory.import.buyingDiscount')}
                withAsterisk
                description={
                  previousDiscount !== null
                    ? t('inventory.import.previousDiscount', { discount: Number(previousDiscount) })
                    : undefined
                }
                {...form.getInputProps('buying_discount')}
              />
            </SimpleGrid>
            <Group gap="xs">
              <Checkbox
                label={t('inventory.import.hasHeader')}
                {...form.getInputProps('has_header', { type: 'checkbox' })}
              />
              {imported.detected_header === 1 && (
                <Badge variant="light" size="sm">
                  {t('inventory.import.headerDetected')}
                </Badge>
              )}
            </Group>
          </Stack>
        </ApiForm>
      </Paper>
    </Stack>
  );
}
