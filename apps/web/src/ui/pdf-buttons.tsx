import { Button, Group } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../lib/notify.ts';

/**
 * A document's PDF in net and gross view (invoices and reclamation credit notes); `save` fetches and saves one
 * view, and a refusal is told in a notification.
 */
export function PdfButtons({ number, save }: { number: string; save: (view: 'net' | 'gross') => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'net' | 'gross' | null>(null);
  const run = async (view: 'net' | 'gross') => {
    setBusy(view);
    try {
      await save(view);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap={4} wrap="nowrap">
      {(['net', 'gross'] as const).map((view) => (
        <Button
          key={view}
          size="compact-xs"
          variant="light"
          leftSection={<IconFileTypePdf size={14} />}
          loading={busy === view}
          aria-label={`${t(view === 'net' ? 'invoices.pdfNet' : 'invoices.pdfGross')} ${number}`}
          onClick={() => run(view)}
        >
          {t(view === 'net' ? 'invoices.pdfNet' : 'invoices.pdfGross')}
        </Button>
      ))}
    </Group>
  );
}
