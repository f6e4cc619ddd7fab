import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { RULES } from '@portal/contract/rules';
import type { ReprintReceipt } from '@portal/contract/selling';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { notifyError } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { MaskedPinsTable } from '../../ui/masked-pins-table.tsx';
import { Money } from '../../ui/money.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { asOnePurchase } from './purchase.ts';
import { type Receipt, Receipts } from './receipts.tsx';
import { reprintSale, usePurchaseDetails } from './selling.queries.ts';

/**
 * A purchase's PINs (masked) by its sale ids, for the shop's sales list and the ledger lines of a sale: a purchase
 * that ran as several steps shows and prints as one. Reprint and reclamation only for the shop's users, who may.
 */
export function SaleDrawer({ saleIds, onClose }: { saleIds: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const details = usePurchaseDetails(saleIds);
  const canReprint = useCan(RULES.sellerOrSupport);
  const canReclaim = useCan(RULES.reclamationsSeller);
  const [reprinted, setReprinted] = useState<Receipt | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReprinted(null);
    onClose();
  };
  const reprint = async () => {
    setBusy(true);
    try {
      const receipts: ReprintReceipt[] = [];
      for (const saleId of saleIds) receipts.push(await reprintSale(saleId));
      setReprinted(asOnePurchase(receipts));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const first = details.data?.[0];
  return (
    <Drawer
      opened={saleIds.length > 0}
      onClose={close}
      position="right"
      size="lg"
      title={t('selling.sales.sale', { id: saleIds.join(', ') })}
    >
      {details.error ? (
        <ErrorState message={describeError(t, details.error)} onRetry={() => details.refetch()} />
      ) : !details.data || !first ? (
        saleIds.length > 0 && <PageLoader />
      ) : (
        <Stack>
          <Text fw={500}>
            {first.product_name} · <Money amount={first.value} /> × {details.data.reduce((n, d) => n + d.quantity, 0)}
          </Text>
          <Text size="sm" c="dimmed">
            <DateTime value={first.created_at} /> · {first.sold_by}
          </Text>
          <MaskedPinsTable
            pins={details.data.flatMap((d) => d.pins)}
            labels={{
              pin: t('selling.receipt.pin'),
              serial: t('selling.receipt.serial'),
              lot: t('selling.sales.batch'),
            }}
          />
          {canReprint && (
            <>
              <Text size="xs" c="dimmed">
                {t('selling.sales.reprintHint')}
              </Text>
              <Group>
                {/* A reclamation covers PINs of one sale: a purchase made in steps offers one per step. */}
                {canReclaim &&
                  saleIds.map((saleId) => (
                    <Button
                      key={saleId}
                      component={Link}
                      to={`/seller-reclaim-requests?sale_id=${saleId}`}
                      variant="default"
                      leftSection={<IconAlertTriangle size={16} />}
                    >
                      {saleIds.length > 1
                        ? `${t('reclamations.reclaimSale')} ${saleId}`
                        : t('reclamations.reclaimSale')}
                    </Button>
                  ))}
                <Button leftSection={<IconPrinter size={16} />} loading={busy} onClick={reprint}>
                  {t('selling.sales.reprint')}
                </Button>
                {reprinted && (
                  <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                    {t('selling.receipt.print')}
                  </Button>
                )}
              </Group>
              {reprinted && <Receipts receipts={[reprinted]} merged={settings.merge_receipts === 1} />}
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
