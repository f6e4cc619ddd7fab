import { FileInput, Paper, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type UploadedImport, uploadBody } from '@portal/contract/inventory-import';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { INVENTORY_MESSAGES, zodValidate } from '../../../lib/zod-form.ts';
import { ApiForm } from '../../../ui/form-kit.tsx';
import { type CsvUpload, type ImportKind, useUploadCsv } from '../inventory.queries.ts';

const DELIMITERS = [
  { value: ',', key: 'comma' },
  { value: ';', key: 'semicolon' },
  { value: 'tab', key: 'tab' },
  { value: '|', key: 'pipe' },
] as const;

// The server reads any part as the file and refuses a missing one; here the form asks for one before sending.
const withFile = uploadBody.refine((body) => body.csv_file instanceof File, { path: ['csv_file'] });

export function UploadStep({ kind, onUploaded }: { kind: ImportKind; onUploaded: (answer: UploadedImport) => void }) {
  const { t } = useTranslation();
  const uploadCsv = useUploadCsv(kind);
  const form = useForm<CsvUpload>({
    initialValues: { csv_file: null, delimiter: ',' },
    validate: zodValidate(withFile, t, { messages: INVENTORY_MESSAGES }),
  });
  return (
    <Paper withBorder radius="md" p="lg" mt="md" maw={640}>
      <ApiForm
        form={form}
        mutation={uploadCsv}
        toInput={(values) => values}
        onSuccess={onUploaded}
        submitLabel={t('inventory.import.upload')}
      >
        <Stack>
          <FileInput
            label={t('inventory.import.file')}
            description={t('inventory.import.fileHint')}
            accept=".csv,text/csv"
            clearable
            withAsterisk
            leftSection={<IconUpload size={16} />}
            {...form.getInputProps('csv_file')}
          />
          <Select
            label={t('inventory.import.delimiter')}
            data={DELIMITERS.map((d) => ({ value: d.value, label: t(`inventory.import.delimiters.${d.key}`) }))}
            allowDeselect={false}
            {...form.getInputProps('delimiter')}
          />
        </Stack>
      </ApiForm>
    </Paper>
  );
}
