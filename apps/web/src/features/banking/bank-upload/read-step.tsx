import { Alert, Badge, Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { bankStepOneBody } from '@portal/contract/banking';
import { IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../lib/zod-form.ts';
import { ApiForm } from '../../../ui/form-kit.tsx';
import { type BankStepOneResult, type StatementUpload, useUploadStatement } from '../banking.queries.ts';
import { LinesTable, payersOf } from './lines-table.tsx';

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
