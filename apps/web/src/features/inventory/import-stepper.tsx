import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatPercent } from '@portal/contract/format';
import type { ImportView, MarginWarning } from '@portal/contract/inventory';
import { IconAlertTriangle, IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrors } from '../../lib/errors.ts';
import { useFormatters } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useSupplierOptions } from '../suppliers/suppliers.queries.ts';
import {
  type ImportKind,
  type MappingInput,
  type UploadAnswer,
  useDecideImport,
  useImportReview,
  useMapImport,
  usePreviousDiscount,
  useUploadCsv,
} from './inventory.queries.ts';

export interface ConfigurationOption {
  configuration_id: number;
  label: string;
}

const DELIMITERS = [
  { value: ',', key: 'comma' },
  { value: ';', key: 'semicolon' },
  { value: 'tab', key: 'tab' },
  { value: '|', key: 'pipe' },
] as const;

/**
 * The three-step PIN import (spec section 4) for products and pools alike: upload, map, review and
 * approve or cancel. Started afresh, or resumed at the step an existing import has reached.
 */
export function ImportStepper({
  kind,
  poolId,
  configurations,
  resumeImportId = null,
  onRestart,
}: {
  kind: ImportKind;
  poolId?: number;
  configurations: ConfigurationOption[];
  resumeImportId?: number | null;
  onRestart?: () => void;
}) {
  const [importId, setImportId] = useState<number | null>(resumeImportId);
  const [upload, setUpload] = useState<UploadAnswer | null>(null);
  const [remapping, setRemapping] = useState(false);
  const review = useImportReview(kind, importId);
  const status = review.data?.import.status;
  const step = importId === null ? 0 : remapping || status === 'uploaded' ? 1 : 2;
  const { t } = useTranslation();

  return (
    <Stepper active={step} allowNextStepsSelect={false}>
      <Stepper.Step label={t('catalogue.import.stepUpload')}>
        <UploadStep
          kind={kind}
          onUploaded={(answer) => {
            setUpload(answer);
            setImportId(answer.import_id);
          }}
        />
      </Stepper.Step>
      <Stepper.Step label={t('catalogue.import.stepMap')}>
        {review.data && (
          <MapStep
            kind={kind}
            poolId={poolId}
            imported={review.data.import}
            preview={upload?.import_id === importId ? upload.preview : null}
            configurations={configurations}
            onMapped={() => setRemapping(false)}
          />
        )}
      </Stepper.Step>
      <Stepper.Step label={t('catalogue.import.stepReview')}>
        {importId !== null && (
          <ReviewStep
            kind={kind}
            importId={importId}
            onRemap={() => setRemapping(true)}
            onRestart={() => {
              setImportId(null);
              setUpload(null);
              onRestart?.();
            }}
          />
        )}
      </Stepper.Step>
    </Stepper>
  );
}

function UploadStep({ kind, onUploaded }: { kind: ImportKind; onUploaded: (answer: UploadAnswer) => void }) {
  const { t } = useTranslation();
  const uploadCsv = useUploadCsv(kind);
  const form = useForm<{ file: File | null; delimiter: string }>({
    initialValues: { file: null, delimiter: ',' },
    validate: { file: (f) => (f ? null : t('catalogue.import.fileHint')) },
  });
  return (
    <Paper withBorder radius="md" p="lg" mt="md" maw={640}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ file, delimiter }) =>
          uploadCsv.mutate(
            { file: file!, delimiter },
            {
              onSuccess: onUploaded,
              onError: (error) => {
                const errors = fieldErrors(error, t);
                form.setErrors({ file: errors.csv_file, delimiter: errors.delimiter });
              },
            },
          ),
        )}
      >
        <Stack>
          <FileInput
            label={t('catalogue.import.file')}
            description={t('catalogue.import.fileHint')}
            accept=".csv,text/csv"
            clearable
            withAsterisk
            leftSection={<IconUpload size={16} />}
            {...form.getInputProps('file')}
          />
          <Select
            label={t('catalogue.import.delimiter')}
            data={DELIMITERS.map((d) => ({ value: d.value, label: t(`catalogue.import.delimiters.${d.key}`) }))}
            allowDeselect={false}
            {...form.getInputProps('delimiter')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={uploadCsv.isPending}>
              {t('catalogue.import.upload')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
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

function MapStep({
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
    validate: {
      configuration_id: (v) => (v ? null : t('catalogue.import.configuration')),
      supplier_id: (v) => (v ? null : t('catalogue.common.supplier')),
      buying_discount: (v) =>
        /^\d{1,3}(\.\d{1,4})?$/.test(v) && Number(v) <= 100 ? null : t('catalogue.import.buyingDiscount'),
    },
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
    label: t('catalogue.import.columnNumber', { number: i + 1 }),
  }));
  const optional = [{ value: '', label: '—' }, ...columns];

  const submit = form.onSubmit((v) => {
    const input: MappingInput = {
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
    };
    mapImport.mutate(input, {
      onSuccess: onMapped,
      onError: (error) => {
        form.setErrors(fieldErrors(error, t));
      },
    });
  });

  return (
    <Stack mt="md">
      <Text size="sm" c="dimmed">
        {imported.file_name} ·{' '}
        {t('catalogue.import.uploaded', { lines: imported.line_count, columns: imported.column_count })}
      </Text>
      {preview && (
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" fw={500} mb="xs">
            {t('catalogue.import.preview')}
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
        <form noValidate onSubmit={submit}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('catalogue.import.configuration')}
                searchable
                withAsterisk
                data={configurations.map((c) => ({ value: String(c.configuration_id), label: c.label }))}
                {...form.getInputProps('configuration_id')}
              />
              <Select
                label={t('catalogue.common.supplier')}
                searchable
                withAsterisk
                data={(suppliers.data ?? []).map((s) => ({ value: String(s.supplier_id), label: s.full_name }))}
                {...form.getInputProps('supplier_id')}
              />
              <Select
                label={t('catalogue.import.pinColumn')}
                data={columns}
                allowDeselect={false}
                {...form.getInputProps('pin_sequence')}
              />
              <Select
                label={t('catalogue.import.batchColumn')}
                data={optional}
                {...form.getInputProps('batch_sequence')}
              />
              <Select
                label={t('catalogue.import.serialColumn')}
                data={optional}
                {...form.getInputProps('serial_sequence')}
              />
              <TextInput
                label={t('catalogue.import.importBatch')}
                description={t('catalogue.import.importBatchHint')}
                {...form.getInputProps('import_batch')}
              />
              <TextInput
                label={t('catalogue.import.buyingDiscount')}
                inputMode="decimal"
                withAsterisk
                description={
                  previousDiscount !== null
                    ? t('catalogue.import.previousDiscount', { discount: Number(previousDiscount) })
                    : undefined
                }
                {...form.getInputProps('buying_discount')}
              />
            </SimpleGrid>
            <Group gap="xs">
              <Checkbox
                label={t('catalogue.import.hasHeader')}
                {...form.getInputProps('has_header', { type: 'checkbox' })}
              />
              {imported.detected_header === 1 && (
                <Badge variant="light" size="sm">
                  {t('catalogue.import.headerDetected')}
                </Badge>
              )}
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={mapImport.isPending}>
                {t('catalogue.import.check')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

function ReviewStep({
  kind,
  importId,
  onRemap,
  onRestart,
}: {
  kind: ImportKind;
  importId: number;
  onRemap: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const { count, money } = useFormatters();
  const [page, setPage] = useState(1);
  const [publish, setPublish] = useState(true);
  const review = useImportReview(kind, importId, page);
  const decide = useDecideImport(kind);
  if (!review.data) return <Loader mt="md" />;
  const imp = review.data.import;
  if (imp.status === 'validating') {
    return (
      <Group mt="md" gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t('catalogue.import.checking')}</Text>
      </Group>
    );
  }
  const finish = (cancel: boolean) =>
    decide.mutate(
      { import_id: importId, cancel: cancel ? 1 : 0, publish: publish ? 1 : 0 },
      {
        onSuccess: (done) =>
          notify({
            color: cancel ? 'gray' : 'teal',
            message: cancel
              ? t('catalogue.import.cancelled')
              : t('catalogue.import.approved', { count: done.imported_pins ?? 0 }),
          }),
      },
    );
  const failed = review.data.failed_pins;
  const warnings = decide.data?.import_id === importId ? decide.data.margin_warnings : [];
  return (
    <Stack mt="md">
      {warnings.length > 0 && <MarginWarnings warnings={warnings} />}
      <Alert
        color={imp.status === 'approved' ? 'teal' : imp.status === 'cancelled' ? 'gray' : 'blue'}
        icon={imp.status === 'approved' ? <IconCircleCheck size={18} /> : undefined}
        title={t(`catalogue.import.statuses.${imp.status}`)}
      >
        {imp.status === 'approved'
          ? t('catalogue.import.approved', { count: imp.imported_pins ?? 0 })
          : t('catalogue.import.summary', {
              total: imp.total_rows ?? 0,
              valid: imp.valid_rows ?? 0,
              failed: imp.failed_rows ?? 0,
            })}
        {imp.product_name && (
          <Text size="sm" mt={4}>
            {imp.product_name} · {imp.value && money(imp.value)} · {imp.supplier_name}
          </Text>
        )}
      </Alert>
      <Paper withBorder radius="md" p="md">
        <Text fw={500} mb="xs">
          {t('catalogue.import.failedRows')} ({count(review.data.filters.total_count)})
        </Text>
        {failed.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('catalogue.import.noFailedRows')}
          </Text>
        ) : (
          <>
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th ta="right">{t('catalogue.import.rowNo')}</Table.Th>
                  <Table.Th>{t('catalogue.stock.pin')}</Table.Th>
                  <Table.Th>{t('catalogue.import.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {failed.map((f) => (
                  <Table.Tr key={f.row_no}>
                    <Table.Td ta="right">{f.row_no}</Table.Td>
                    <Table.Td ff="monospace">{f.pin}</Table.Td>
                    <Table.Td>{t(`catalogue.import.reasons.${f.reason}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {review.data.filters.total_pages > 1 && (
              <Pagination
                mt="sm"
                size="sm"
                siblings={2}
                boundaries={1}
                total={review.data.filters.total_pages}
                value={page}
                onChange={setPage}
              />
            )}
          </>
        )}
      </Paper>
      {imp.status === 'validated' ? (
        <Group justify="space-between">
          <Switch
            label={t('catalogue.import.publishOnApprove')}
            checked={publish}
            onChange={(e) => setPublish(e.currentTarget.checked)}
          />
          <Group>
            <Button variant="default" onClick={onRemap}>
              {t('catalogue.import.remap')}
            </Button>
            <Button
              variant="light"
              color="red"
              loading={decide.isPending && decide.variables?.cancel === 1}
              onClick={() => finish(true)}
            >
              {t('catalogue.import.cancelImport')}
            </Button>
            <Button
              color="teal"
              disabled={(imp.valid_rows ?? 0) === 0}
              loading={decide.isPending && decide.variables?.cancel === 0}
              onClick={() => finish(false)}
            >
              {t('catalogue.import.approve')}
            </Button>
          </Group>
        </Group>
      ) : (
        <Group justify="flex-end">
          {imp.status === 'approved' && imp.configuration_id && kind === 'product' && (
            <Button variant="light" component={Link} to={`/stock/details/${imp.configuration_id}`}>
              {t('screen.stockDetails')}
            </Button>
          )}
          <Button onClick={onRestart}>{t('catalogue.import.startNew')}</Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * DOMAIN.md: approving an import whose cost breaks an existing plan warns the operator. The approval
 * happened; these customers now pay less than a PIN costs.
 */
function MarginWarnings({ warnings }: { warnings: MarginWarning[] }) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={t('catalogue.import.marginWarning.title')}
      data-testid="margin-warnings"
    >
      <Text size="sm" mb="xs">
        {t('catalogue.import.marginWarning.text', { cost: money(warnings[0].cost) })}
      </Text>
      <Table fz="sm" withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('catalogue.import.marginWarning.customer')}</Table.Th>
            <Table.Th>{t('catalogue.import.marginWarning.plan')}</Table.Th>
            <Table.Th ta="right">{t('catalogue.import.marginWarning.discount')}</Table.Th>
            <Table.Th ta="right">{t('catalogue.import.marginWarning.price')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {warnings.map((w) => (
            <Table.Tr key={w.customer_id}>
              <Table.Td>{w.customer_name}</Table.Td>
              <Table.Td>
                {w.discount_plan ?? '—'}
                {w.from_default_slab === 1 && ` (${t('catalogue.import.marginWarning.defaultPlan')})`}
              </Table.Td>
              <Table.Td ta="right">{formatPercent(w.discount)}</Table.Td>
              <Table.Td ta="right">{money(w.price)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}
