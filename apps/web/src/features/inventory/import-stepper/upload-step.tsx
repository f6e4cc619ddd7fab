import { Button, FileInput, Group, Paper, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../lib/errors.ts';
import { type ImportKind, type UploadAnswer, useUploadCsv } from '../inventory.queries.ts';

const DELIMITERS = [
  { value: ',', key: 'comma' },
  { value: ';', key: 'semicolon' },
  { value: 'tab', key: 'tab' },
  { value: '|', key: 'pipe' },
] as const;

export function UploadStep({ kind, onUploaded }: { kind: ImportKind; onUploaded: (answer: UploadAnswer) => void }) {
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
