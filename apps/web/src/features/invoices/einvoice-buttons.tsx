import { Button, Group } from '@mantine/core';
import { EINVOICE_FORMATS, type EinvoiceFormat } from '@portal/contract/invoices';
import { IconFileInvoice, IconFileTypeXml } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify.ts';
import { saveEinvoice } from './invoices.queries.ts';

/** The document's e-invoices: XRechnung (XML) and ZUGFeRD (PDF with the XML inside); refusals are notified. */
export function EinvoiceButtons({ invoiceId, number }: { invoiceId: number; number: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<EinvoiceFormat | null>(null);
  const run = async (format: EinvoiceFormat) => {
    setBusy(format);
    try {
      await saveEinvoice(invoiceId, format);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap={4} wrap="nowrap">
      {EINVOICE_FORMATS.map((format) => (
        <Button
          key={format}
          size="compact-xs"
          variant="light"
          leftSection={format === 'xrechnung' ? <IconFileTypeXml size={14} /> : <IconFileInvoice size={14} />}
          loading={busy === format}
          aria-label={t(`invoices.einvoice.${format}Label`, { number })}
          onClick={() => run(format)}
        >
          {t(`invoices.einvoice.${format}`)}
        </Button>
      ))}
    </Group>
  );
}
