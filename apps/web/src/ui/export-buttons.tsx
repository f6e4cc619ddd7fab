import { Button, Group, Text } from '@mantine/core';
import type { LEDGER_EXPORT_FORMATS } from '@portal/contract/credit';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../lib/notify.ts';

export type ExportFormat = (typeof LEDGER_EXPORT_FORMATS)[number];

/**
 * The download buttons of a list's export, CSV and XLSX: one building block for every ledger screen. The server
 * writes the file in the user's language (a German CSV with `;` and decimal commas).
 */
export function ExportButtons({
  onExport,
  label,
}: {
  onExport: (format: ExportFormat) => Promise<void>;
  /** What the files hold, shown before the buttons where the screen shows more than it exports. */
  label?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  async function run(format: ExportFormat) {
    setBusy(format);
    try {
      await onExport(format);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  }
  return (
    <Group gap="xs">
      {label && (
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      )}
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => run(format)}
        >
          {t(format === 'csv' ? 'credit.downloadCsv' : 'credit.downloadXlsx')}
        </Button>
      ))}
    </Group>
  );
}
