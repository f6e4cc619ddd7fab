import { Alert, Badge, Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors.ts';
import { type BankStepOneResult, useUploadStatement } from '../banking.queries.ts';
import { LinesTable, payersOf } from './lines-table.tsx';

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
