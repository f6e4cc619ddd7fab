import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconCheck, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '../../lib/settings.ts';
import { asOnePurchase, type PurchaseOutcome } from './purchase.ts';
import { PurchaseRefusal } from './purchase-refusal.tsx';
import { Receipts } from './receipts.tsx';

/**
 * What a purchase came to: how many PINs were bought, the refusal that stopped it, the download of a bulk purchase,
 * the receipts with their print button.
 */
export function PurchaseResult({
  outcome,
  running,
  onRetry,
  onClose,
}: {
  outcome: PurchaseOutcome;
  running: boolean;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // Keyboard and screen-reader users land on the result (receipt or refusal) instead of the vanished buy button.
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);
  return (
    <Stack ref={ref} tabIndex={-1} aria-label={t('selling.buy.result')} data-testid="purchase-outcome">
      {outcome.bought > 0 && (
        <Alert color="green" icon={<IconCheck />} title={t('selling.buy.successful')}>
          {t('selling.buy.bought', { count: outcome.bought })}
        </Alert>
      )}
      {outcome.error && (
        <PurchaseRefusal
          error={outcome.error}
          unresolved={outcome.unresolved !== null}
          running={running}
          onRetry={onRetry}
        />
      )}
      {outcome.download && (
        <Group>
          <Button
            component={Link}
            to={`/download/${outcome.download.download_id}`}
            leftSection={<IconDownload size={16} />}
          >
            {t('selling.buy.openDownload')}
          </Button>
        </Group>
      )}
      {outcome.receipts.length > 0 && <PurchaseReceipts receipts={outcome.receipts} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('selling.buy.close')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The receipts of one purchase and their print button: the steps of a purchase of 21–30 print as one receipt set. */
function PurchaseReceipts({ receipts }: { receipts: PurchaseOutcome['receipts'] }) {
  const { t } = useTranslation();
  const settings = useSettings();
  // Numbered 1…n with one total.
  const onePurchase = useMemo(() => {
    const merged = asOnePurchase(receipts);
    return merged ? [merged] : [];
  }, [receipts]);
  return (
    <>
      <Group justify="flex-end">
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
          {t('selling.receipt.print')}
        </Button>
      </Group>
      <Receipts receipts={onePurchase} merged={settings.merge_receipts === 1} />
    </>
  );
}
