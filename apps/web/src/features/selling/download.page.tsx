import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { DownloadInfo } from '@portal/contract/selling';
import { IconDownload, IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { notifyError } from '../../lib/notify.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { type DownloadKind, saveDownloadFile, useDownload } from './selling.queries.ts';

/** `/download/{downloadId}`: the PIN file of a bulk purchase, for its buyer, until it expires. */
export function DownloadPage() {
  const { t } = useTranslation();
  const { downloadId = '' } = useParams();
  const download = useDownload(downloadId);
  const [saving, setSaving] = useState<DownloadKind | null>(null);

  const save = async (kind: DownloadKind, name: string) => {
    setSaving(kind);
    try {
      await saveDownloadFile(downloadId, kind, name);
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <>
      <PageHeader title={t('screen.download')} />
      <QueryState query={download} notFound={t('selling.download.notFound')}>
        {(d) => <DownloadCard download={d} saving={saving} onSave={save} />}
      </QueryState>
    </>
  );
}

function DownloadCard({
  download: d,
  saving,
  onSave,
}: {
  download: DownloadInfo;
  saving: DownloadKind | null;
  onSave: (kind: DownloadKind, name: string) => void;
}) {
  const { t } = useTranslation();
  const expired = new Date(d.expires_at).getTime() <= Date.now();
  return (
    <Paper withBorder radius="md" p="lg" maw={640}>
      <Stack>
        <div>
          <Title order={2} fz="h4">
            {d.product_name} · <Money amount={d.value} /> × {d.quantity}
          </Title>
          <Text size="sm" c="dimmed">
            {t('selling.download.bought')} <DateTime value={d.created_at} /> ·{' '}
            {t('selling.download.sale', { id: d.sale_id })}
          </Text>
        </div>
        {d.status === 'pending' && (
          <Group gap="sm" data-testid="download-pending">
            <Loader size="sm" />
            <Text>{t('selling.download.preparing')}</Text>
          </Group>
        )}
        {expired && <Alert color="gray">{t('selling.download.expired')}</Alert>}
        {d.status === 'ready' && !expired && (
          <>
            <Text size="sm">
              {t('selling.download.availableUntil')} <DateTime value={d.expires_at} />
            </Text>
            <Group>
              {d.files.map((f) => (
                <Button
                  key={f.kind}
                  leftSection={f.kind === 'csv' ? <IconFileTypeCsv size={18} /> : <IconFileTypePdf size={18} />}
                  rightSection={<IconDownload size={16} />}
                  loading={saving === f.kind}
                  onClick={() => onSave(f.kind, f.name)}
                >
                  {f.kind === 'csv' ? t('selling.download.csv') : t('selling.download.pdf')}
                </Button>
              ))}
            </Group>
            {d.files
              .filter((f) => f.kind === 'csv')
              .map((f) => (
                <Group key="machine" gap="sm">
                  <Button
                    variant="default"
                    leftSection={<IconFileTypeCsv size={18} />}
                    rightSection={<IconDownload size={16} />}
                    loading={saving === 'machine'}
                    onClick={() => onSave('machine', f.name)}
                  >
                    {t('selling.download.machineCsv')}
                  </Button>
                  <Text size="sm" c="dimmed">
                    {t('selling.download.machineCsvHint')}
                  </Text>
                </Group>
              ))}
            <Alert color="yellow">{t('selling.download.keepSafe')}</Alert>
          </>
        )}
      </Stack>
    </Paper>
  );
}
