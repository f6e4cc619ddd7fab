import { Button, Group, Progress, Text } from '@mantine/core';
import type { ExportFormat, SalesExport, SalesReportFilters } from '@portal/contract/reports';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../lib/notify.ts';

const START_LABEL = { csv: 'reports.export.csv', xlsx: 'reports.export.xlsx' } as const;
const DOWNLOAD_LABEL = { csv: 'reports.export.download', xlsx: 'reports.export.downloadXlsx' } as const;

/** The sales reports' export calls (the reports domain's queries), handed in so any screen can offer an export. */
export interface ReportExporter {
  start(body: SalesReportFilters, format: ExportFormat): Promise<Pick<SalesExport, 'export_id'>>;
  useProgress(exportId: string | null): { data?: SalesExport };
  save(url: string): Promise<void>;
}

/** Starts a CSV or XLSX export of the report as filtered, shows its progress, then offers its file. */
export function ExportButton({ body, exporter }: { body: SalesReportFilters; exporter: ReportExporter }) {
  const { t } = useTranslation();
  const [started, setStarted] = useState<{ id: string; format: ExportFormat } | null>(null);
  const [starting, setStarting] = useState<ExportFormat | null>(null);
  const progress = exporter.useProgress(started?.id ?? null);
  const e = progress.data;
  const running = started !== null && e?.status !== 'ready';
  const start = async (format: ExportFormat) => {
    setStarting(format);
    try {
      setStarted({ id: (await exporter.start(body, format)).export_id, format });
    } catch (error) {
      notifyError(error);
    } finally {
      setStarting(null);
    }
  };
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
      {started && e?.status === 'ready' && e.download_url ? (
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => {
            const url = e.download_url as string;
            setStarted(null);
            exporter.save(url).catch(notifyError);
          }}
        >
          {t(DOWNLOAD_LABEL[started.format])}
        </Button>
      ) : (
        (['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="default"
            leftSection={format === 'csv' ? <IconDownload size={16} /> : <IconFileSpreadsheet size={16} />}
            loading={starting === format || (running && started?.format === format)}
            disabled={(running || starting !== null) && started?.format !== format && starting !== format}
            onClick={() => start(format)}
          >
            {t(START_LABEL[format])}
          </Button>
        ))
      )}
    </Group>
  );
}
