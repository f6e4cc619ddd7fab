import { Alert, Badge, Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { bankStepOneBody } from '@portal/contract/banking';
import { IconAlertTriangle, IconInfoCircle, IconUpload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { describeError } from '../../../lib/errors.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import { ApiForm } from '../../../ui/form-kit.tsx';
import {
  type BankStepOneResult,
  type StatementUpload,
  useImportStatement,
  useUploadStatement,
} from '../banking.queries.ts';
import { LinesTable, payersOf } from './lines-table.tsx';

const REASONS = [
  'empty',
  'header',
  'csv',
  'date',
  'amount',
  'amount_decimals',
  'amount_range',
  'control_character',
  'too_long',
  'iban',
  'doctype',
  'nesting',
  'camt',
  'balance',
  'too_many_lines',
  'database',
] as const;

/** What in the file could not be read, and where: the refusal's reason, line and field. */
function unreadableDetail(t: TFunction, error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'bank_file_unreadable') return null;
  const reason = REASONS.find((r) => r === error.params.reason);
  if (!reason) return null;
  const where = [
    error.params.line === undefined ? null : t('banking.atLine', { line: error.params.line }),
    error.params.field ? t('banking.atField', { field: error.params.field }) : null,
  ].filter(Boolean);
  return `${t(`banking.reasons.${reason}`)}${where.length ? ` (${where.join(', ')})` : ''}`;
}

// The server refuses a missing file part; here the form asks for one before sending.
const withFile = bankStepOneBody.refine((body) => body.file instanceof File, { path: ['file'] });

export function ReadStep({
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
  const form = useForm<StatementUpload>({
    initialValues: { file: null },
    validate: zodValidate(withFile, t, { messages: { file: 'banking.fileRequired' } }),
  });
  const open = statement ? payersOf(statement.bank_records).length : 0;
  // Step 2 imports the statement: only from then on are its lines in the list of bank records.
  const importIt = useImportStatement();
  const detail = unreadableDetail(t, upload.error);
  const duplicates = statement?.bank_records.filter((r) => r.status === 'duplicate').length ?? 0;
  const imp = statement?.import;
  return (
    <Stack mt="md">
      <Paper withBorder radius="md" p="lg" maw={640}>
        <ApiForm form={form} mutation={upload} toInput={(v) => v} onSuccess={onRead} submitLabel={t('banking.read')}>
          <FileInput
            label={t('banking.file')}
            description={t('banking.fileHint')}
            accept=".csv,.xml,text/csv,application/xml,text/xml"
            clearable
            withAsterisk
            leftSection={<IconUpload size={16} />}
            {...form.getInputProps('file')}
          />
        </ApiForm>
        {detail && (
          <Text size="sm" c="red" mt="xs">
            {detail}
          </Text>
        )}
      </Paper>
      {statement && (
        <>
          <Group>
            <Badge variant="light">{t(`banking.formats.${statement.import.format as 'csv'}`)}</Badge>
            <Text size="sm">{t('banking.lineCount', { count: statement.import.line_count })}</Text>
            {imp?.sequence_number != null && (
              <Text size="sm">{t('banking.sequence', { number: imp.sequence_number })}</Text>
            )}
          </Group>
          {imp?.file_sha256 && (
            <Text size="xs" c="dimmed" ff="monospace">
              {t('banking.fileHash', { hash: imp.file_sha256 })}
            </Text>
          )}
          {imp?.expected_sequence != null && (
            <Alert icon={<IconAlertTriangle size={18} />} color="orange">
              {t('banking.sequenceGap', { expected: imp.expected_sequence, read: imp.sequence_number })}
            </Alert>
          )}
          {duplicates > 0 && (
            <Alert icon={<IconAlertTriangle size={18} />} color="orange">
              {t('banking.duplicatesWaiting', { count: duplicates })}
            </Alert>
          )}
          {statement.already_imported.length > 0 && (
            <Alert icon={<IconInfoCircle size={18} />} color="yellow">
              {t('banking.alreadyImported', { count: statement.already_imported.length })}
            </Alert>
          )}
          {statement.bank_records.length > 0 && <LinesTable lines={statement.bank_records} />}
          {importIt.isError && <Alert color="red">{describeError(t, importIt.error)}</Alert>}
          <Group justify="flex-end">
            {open === 0 && (
              <Text size="sm" c="dimmed">
                {t('banking.nothingOpen')}
              </Text>
            )}
            <Button
              loading={importIt.isPending}
              onClick={() => importIt.mutate(statement.import.import_id, { onSuccess: () => onNext() })}
            >
              {open === 0 ? t('banking.importStatement') : t('banking.toMapping')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
