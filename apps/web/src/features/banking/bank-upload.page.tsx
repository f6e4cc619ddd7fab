import { Alert, Badge, Button, FileInput, Group, Paper, Progress, Stack, Stepper, Table, Text } from '@mantine/core';
import { sumAmounts } from '@portal/contract/credit';
import { IconCircleCheck, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { CustomerPicker } from '../customers/customer-picker.tsx';
import { bankRecordColumns } from './bank-record-columns.tsx';
import {
  type BankRecord,
  type BankStepOneResult,
  useBookImport,
  useImportProgress,
  useMapPayers,
  useUploadStatement,
} from './banking.queries.ts';

/** A payer of the statement's open incoming lines: by IBAN where the bank gave one, else by name. */
interface Payer {
  key: string;
  payer_name: string;
  payer_iban: string | null;
  lines: BankRecord[];
}

function payersOf(lines: BankRecord[]): Payer[] {
  const payers = new Map<string, Payer>();
  for (const line of lines) {
    if (line.direction !== 'credit' || line.status === 'booked' || line.status === 'skipped') continue;
    const key = line.payer_iban ?? `name:${line.payer_name.trim().toLowerCase()}`;
    const payer = payers.get(key) ?? { key, payer_name: line.payer_name, payer_iban: line.payer_iban, lines: [] };
    payer.lines.push(line);
    payers.set(key, payer);
  }
  return [...payers.values()];
}

/**
 * `/banking-upload` (Import CSV): read a statement and show its lines (step 1), map its payers to customers
 * (step 2, remembered for later statements), then book the mapped incoming payments in a job (step 3).
 */
export function BankUploadPage() {
  const { t } = useTranslation();
  const [statement, setStatement] = useState<BankStepOneResult | null>(null);
  const [lines, setLines] = useState<BankRecord[]>([]);
  const [step, setStep] = useState(0);
  const restart = () => {
    setStatement(null);
    setLines([]);
    setStep(0);
  };
  return (
    <>
      <PageHeader title={t('screen.bankingUpload')} description={t('banking.uploadDescription')} />
      <Stepper active={step} allowNextStepsSelect={false}>
        <Stepper.Step label={t('banking.stepRead')}>
          <ReadStep
            statement={statement}
            onRead={(answer) => {
              setStatement(answer);
              setLines(answer.bank_records);
            }}
            onNext={() => setStep(1)}
          />
        </Stepper.Step>
        <Stepper.Step label={t('banking.stepMap')}>
          {statement && (
            <MapStep
              importId={statement.import.import_id}
              lines={lines}
              onMapped={setLines}
              onBack={() => setStep(0)}
              onBooking={() => setStep(2)}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label={t('banking.stepBook')}>
          {statement && <BookStep importId={statement.import.import_id} onRestart={restart} />}
        </Stepper.Step>
      </Stepper>
    </>
  );
}

function LinesTable({ lines }: { lines: BankRecord[] }) {
  const { t } = useTranslation();
  const columns = bankRecordColumns(t);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} style={{ textAlign: c.align }}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id}>
              {columns.map((c) => (
                <Table.Td key={c.key} style={{ textAlign: c.align }}>
                  {c.render(line)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ReadStep({
  statement,
  onRead,
  onNext,
}: {
  statement: BankStepOneResult | null;
  onRead: (answer: BankStepOneResult) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadStatement();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const open = statement ? payersOf(statement.bank_records).length : 0;
  return (
    <Stack mt="md">
      <Paper withBorder radius="md" p="lg" maw={640}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!file) return setMissing(true);
            upload.mutate(file, { onSuccess: onRead });
          }}
        >
          <Stack>
            <FileInput
              label={t('banking.file')}
              description={t('banking.fileHint')}
              accept=".csv,.xml,text/csv,application/xml,text/xml"
              clearable
              withAsterisk
              leftSection={<IconUpload size={16} />}
              value={file}
              onChange={(f) => {
                setFile(f);
                setMissing(false);
              }}
              error={missing ? t('banking.fileRequired') : upload.isError ? describeError(t, upload.error) : undefined}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={upload.isPending}>
                {t('banking.read')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {statement && (
        <>
          <Group>
            <Badge variant="light">{t(`banking.formats.${statement.import.format as 'csv'}`)}</Badge>
            <Text size="sm">{t('banking.lineCount', { count: statement.import.line_count })}</Text>
          </Group>
          {statement.already_imported.length > 0 && (
            <Alert icon={<IconInfoCircle size={18} />} color="yellow">
              {t('banking.alreadyImported', { count: statement.already_imported.length })}
            </Alert>
          )}
          {statement.bank_records.length > 0 && <LinesTable lines={statement.bank_records} />}
          <Group justify="flex-end">
            {open === 0 ? (
              <Text size="sm" c="dimmed">
                {t('banking.nothingOpen')}
              </Text>
            ) : (
              <Button onClick={onNext}>{t('banking.toMapping')}</Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}

function MapStep({
  importId,
  lines,
  onMapped,
  onBack,
  onBooking,
}: {
  importId: number;
  lines: BankRecord[];
  onMapped: (lines: BankRecord[]) => void;
  onBack: () => void;
  onBooking: () => void;
}) {
  const { t } = useTranslation();
  const payers = payersOf(lines);
  const [chosen, setChosen] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(payers.map((p) => [p.key, p.lines.find((l) => l.customer_id)?.customer_id ?? null])),
  );
  const mapPayers = useMapPayers();
  const book = useBookImport();
  const progress = useImportProgress(importId);
  const mapped = payers.filter((p) => chosen[p.key]);
  const unsaved = payers.some((p) => (chosen[p.key] ?? null) !== (p.lines[0].customer_id ?? null));
  const toBook = progress.data?.to_book ?? 0;
  return (
    <Stack mt="md">
      <Text size="sm" c="dimmed">
        {t('banking.mapHint')}
      </Text>
      <Table.ScrollContainer minWidth={720}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('banking.payer')}</Table.Th>
              <Table.Th>{t('banking.iban')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('banking.amount')}</Table.Th>
              <Table.Th>{t('banking.customer')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payers.map((p) => (
              <Table.Tr key={p.key}>
                <Table.Td>
                  <Text size="sm">{p.payer_name}</Text>
                  <Text size="xs" c="dimmed">
                    {t('banking.lineCount', { count: p.lines.length })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {p.payer_iban ?? t('banking.byName')}
                  </Text>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <Money amount={sumAmounts(p.lines.map((l) => l.amount))} />
                </Table.Td>
                <Table.Td>
                  <CustomerPicker
                    inline
                    label={t('banking.customerFor', { payer: p.payer_name })}
                    value={chosen[p.key] ?? null}
                    selectedName={p.lines.find((l) => l.customer_id === chosen[p.key])?.customer_name ?? undefined}
                    onChange={(customerId) => setChosen((c) => ({ ...c, [p.key]: customerId }))}
                    clearable
                    w={280}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {mapPayers.isError && <Alert color="red">{describeError(t, mapPayers.error)}</Alert>}
      {book.isError && <Alert color="red">{describeError(t, book.error)}</Alert>}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('banking.back')}
        </Button>
        <Group>
          <Button
            variant={unsaved ? 'filled' : 'default'}
            disabled={mapped.length === 0}
            loading={mapPayers.isPending}
            onClick={() =>
              mapPayers.mutate(
                {
                  import_id: importId,
                  mappings: mapped.map((p) => ({
                    payer_name: p.payer_name,
                    payer_iban: p.payer_iban,
                    customer_id: chosen[p.key] as number,
                  })),
                },
                { onSuccess: (answer) => onMapped(answer.bank_records) },
              )
            }
          >
            {t('banking.saveMapping')}
          </Button>
          <Button
            disabled={unsaved || toBook === 0}
            loading={book.isPending}
            onClick={() => book.mutate(importId, { onSuccess: onBooking })}
          >
            {t('banking.book', { count: toBook })}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function BookStep({ importId, onRestart }: { importId: number; onRestart: () => void }) {
  const { t } = useTranslation();
  const progress = useImportProgress(importId);
  const summary = progress.data;
  if (!summary) return null;
  const total = summary.booked + summary.to_book + summary.failed;
  const done = summary.status === 'booked';
  return (
    <Stack mt="md" maw={640}>
      <Text size="sm" aria-live="polite">
        {t('banking.progress', { booked: summary.booked, total })}
      </Text>
      <Progress
        value={total === 0 ? 100 : (100 * (summary.booked + summary.failed)) / total}
        animated={!done}
        aria-label={t('banking.stepBook')}
      />
      {done && (
        <Alert icon={<IconCircleCheck size={18} />} color={summary.failed > 0 ? 'yellow' : 'teal'}>
          {t('banking.finished', { booked: summary.booked, failed: summary.failed })}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" component={Link} to="/banking-list">
          {t('screen.bankingList')}
        </Button>
        <Button onClick={onRestart} disabled={!done}>
          {t('banking.importAnother')}
        </Button>
      </Group>
    </Stack>
  );
}
