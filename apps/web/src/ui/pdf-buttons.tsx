import { Button, Group } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../lib/notify.ts';

/**
 * A document's PDFs (invoices and reclamation credit notes): the document itself as issued and mailed (priced
 * gross), then its net view, which the PDF marks as no invoice (decision 0090); `save` fetches and saves one,
 * and a refusal is told in a notification.
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
      {(['gross', 'net'] as const).map((view) => (
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
