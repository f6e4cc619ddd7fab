import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { DynamicProduct } from '@portal/contract/dynamic-products';
import { IconAlertTriangle, IconCheck, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { Money } from '../../../ui/money.tsx';
import {
  isFinalSale,
  type SoftPinSale,
  useBuySoftPin,
  useSoftPinStatus,
} from '../../dynamic-products/dynamic-products.queries.ts';
import { type Receipt, Receipts } from '../receipts.tsx';
import { useInvalidateAfterPurchase } from '../selling.queries.ts';

/**
 * Buying one soft pin: confirm the price, then the provider's delivery followed live, then the same receipt as a
 * stock PIN's with its print button, or the refusal in words the seller understands.
 */
export function SoftPinDialog({ product, onClose }: { product: DynamicProduct | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  const { user } = useSession();
  const invalidatePurchase = useInvalidateAfterPurchase();
  const buy = useBuySoftPin(() => (user ? invalidatePurchase(user.customer_id) : Promise.resolve()));
  const { reset } = buy;
  useEffect(() => {
    if (product) reset();
  }, [product, reset]);
  if (!product) return null;
  const running = buy.isPending;
  return (
    <Modal
      opened
      onClose={() => !running && onClose()}
      title={`${product.name} · ${money(product.face_value)}`}
      size={buy.data ? 'lg' : 'md'}
      closeOnClickOutside={!running}
      withCloseButton={!running}
    >
      {!buy.data && (
        <Stack
          component="form"
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            if (!running) buy.mutate(product.id);
          }}
        >
          <Text size="sm">{t('dynamicProducts.dialog.text')}</Text>
          <Group justify="space-between">
            <Text>{t('dynamicProducts.dialog.value')}</Text>
            <Text fw={600}>
              <Money amount={product.face_value} />
            </Text>
          </Group>
          {product.price !== null && (
            <Group justify="space-between">
              <Text>{t('dynamicProducts.dialog.youPay')}</Text>
              <Text fw={700}>
                <Money amount={product.price} />
              </Text>
            </Group>
          )}
          {buy.error && (
            <Alert
              color="red"
              icon={<IconAlertTriangle />}
              title={t('selling.buy.failed')}
              data-testid="purchase-error"
            >
              {describeError(t, buy.error)}
            </Alert>
          )}
          <Button type="submit" loading={running} data-autofocus>
            {t('dynamicProducts.dialog.confirm')}
          </Button>
        </Stack>
      )}
      {buy.data && <SoftPinOutcome initial={buy.data} onClose={onClose} />}
    </Modal>
  );
}

function SoftPinOutcome({ initial, onClose }: { initial: SoftPinSale; onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const status = useSoftPinStatus(initial);
  const sale = status.data ?? initial;
  const receipt = useReceiptOf(sale);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const printed = useRef(false);
  useEffect(() => {
    if (isFinalSale(sale)) outcomeRef.current?.focus();
  }, [sale]);
  useEffect(() => {
    if (receipt && settings.show_print_popup === 1 && !printed.current) {
      printed.current = true;
      window.setTimeout(() => window.print(), 50);
    }
  }, [receipt, settings.show_print_popup]);
  return (
    <Stack ref={outcomeRef} tabIndex={-1} aria-label={t('selling.buy.result')} data-testid="purchase-outcome">
      {sale.status === 'pending' && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('dynamicProducts.dialog.pending')}</Text>
        </Group>
      )}
      {sale.status === 'successful' && (
        <Alert color="green" icon={<IconCheck />} title={t('selling.buy.successful')}>
          {t('dynamicProducts.dialog.successful')}
        </Alert>
      )}
      {(sale.status === 'failed' || sale.status === 'refunded') && (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('selling.buy.failed')} data-testid="purchase-error">
          {t('dynamicProducts.dialog.failed')}
        </Alert>
      )}
      {status.error && <Alert color="yellow">{describeError(t, status.error)}</Alert>}
      {receipt && (
        <>
          <Group justify="flex-end">
            <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              {t('selling.receipt.print')}
            </Button>
          </Group>
          <Receipts receipts={[receipt]} merged={false} />
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('dynamicProducts.dialog.close')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A delivered soft pin as the stock PIN receipt prints it: one slip, the shop's name and address, the PIN, the serial. */
function useReceiptOf(sale: SoftPinSale): Receipt | null {
  const { user } = useSession();
  if (sale.status !== 'successful' || !sale.pin) return null;
  return {
    sale_id: sale.sale_id,
    status: 'successful',
    kind: 'single',
    product: {
      product_id: sale.dynamic_product_id,
      product_name: sale.product_name,
      product_type: sale.product_type,
      product_image: null,
      customer_care: '',
      instructions: '',
    },
    configuration: { configuration_id: 0, value: sale.retail_price, info: '' },
    quantity: 1,
    total_value: sale.retail_price,
    unit_price: sale.seller_price,
    total_price: sale.seller_price,
    sold_at: sale.final_at ?? sale.created_at,
    sold_by: sale.username,
    shop: { name: user?.organisation_name ?? '', address: user?.address ?? null },
    // Provider sales are multi-purpose vouchers (their invoices' lines say so too): no VAT on the receipt.
    vat: null,
    pins: [{ pin_id: sale.sale_id, pin: sale.pin, serial: sale.serial, lot: '' }],
  };
}
