import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../lib/notify.ts';
import { downloadCsv } from '../lib/upload.ts';

/** Downloads the whole filtered report as CSV (the same call with format csv). */
export function ExportCsvButton({
  path,
  body,
  fileName,
  label,
}: {
  path: string;
  body: object;
  fileName: string;
  label?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadCsv(path, body, fileName);
        } catch (error) {
          notifyError(error);
        } finally {
          setBusy(false);
        }
      }}
    >
      {label ?? t('catalogue.common.exportCsv')}
    </Button>
  );
}
