import { Button, Group, Progress, Text } from '@mantine/core';
import type { SalesReportFilters } from '@portal/contract/reports';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify.ts';
import { saveExport, startExport, useExport } from './reports.queries.ts';

/** Starts a CSV export of the report as filtered, shows its progress, then offers its file. */
export function ExportButton({ body }: { body: SalesReportFilters }) {
  const { t } = useTranslation();
  const [exportId, setExportId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const progress = useExport(exportId);
  const e = progress.data;
  const running = exportId !== null && e?.status !== 'ready';
  return (
    <Group gap="xs">
      {running && (
        <Group gap={6} w={180}>
          <Text size="xs" c="dimmed">
            {t('reports.export.progress', { done: e?.rows_done ?? 0, total: e?.rows_total ?? 0 })}
          </Text>
          <Progress
            w="100%"
            aria-label={t('reports.export.running')}
            value={e && e.rows_total > 0 ? (100 * e.rows_done) / e.rows_total : 0}
            animated
          />
        </Group>
      )}
      {e?.status === 'ready' && e.download_url ? (
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => {
            const url = e.download_url as string;
            setExportId(null);
            saveExport(url).catch(notifyError);
          }}
        >
          {t('reports.export.download')}
        </Button>
      ) : (
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={starting || running}
          onClick={async () => {
            setStarting(true);
            try {
              setExportId((await startExport(body)).export_id);
            } catch (error) {
              notifyError(error);
            } finally {
              setStarting(false);
            }
          }}
        >
          {t('reports.export.csv')}
        </Button>
      )}
    </Group>
  );
}
