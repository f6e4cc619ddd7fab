import { SimpleGrid } from '@mantine/core';
import type { SaleReceipt } from '@portal/contract/selling';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import classes from '../../ui/print.module.css';
import { PrintArea } from '../../ui/print-area.tsx';

/**
 * A receipt printed at the sale, or a reprint, which prints as a copy with its own time; a purchase that ran as
 * several steps prints as one receipt naming all its sales.
 */
export type Receipt = SaleReceipt & { reprinted_at?: string; sale_ids?: number[] };

function ReceiptHeader({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const a = receipt.shop.address;
  return (
    <div className={classes.center}>
      {receipt.reprinted_at && (
        <div data-testid="receipt-copy">
          <strong>{t('selling.receipt.copy')}</strong>
          <div className={classes.small}>
            {t('selling.receipt.reprintedAt', { at: dateTime(receipt.reprinted_at) })}
          </div>
        </div>
      )}
      <strong>{receipt.shop.name}</strong>
      {a && (a.address || a.city) && (
        <div className={classes.small}>
          {[a.address, a.house_no].filter(Boolean).join(' ')}
          {a.city && `, ${[a.postal, a.city].filter(Boolean).join(' ')}`}
        </div>
      )}
      <div className={classes.small}>{dateTime(receipt.sold_at)}</div>
    </div>
  );
}

function ReceiptFooter({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const p = receipt.product;
  return (
    <>
      {p.customer_care && (
        <div className={classes.small}>
          {t('selling.receipt.customerCare')}: {p.customer_care}
        </div>
      )}
      {p.instructions && <div className={classes.small}>{p.instructions}</div>}
      <hr className={classes.rule} />
      <div className={`${classes.small} ${classes.center}`}>
        {t('selling.receipt.saleLine', {
          sale: (receipt.sale_ids ?? [receipt.sale_id]).join(', '),
          user: receipt.sold_by,
        })}
      </div>
    </>
  );
}

/**
 * The VAT a single-purpose voucher's value includes, under its value; a multi-purpose voucher's receipt has no VAT
 * line at all (its VAT is due when it is redeemed, § 3 Abs. 15 UStG).
 */
function VatLine({ receipt, amount }: { receipt: Receipt; amount: 'unit_amount' | 'total_amount' }) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  if (!receipt.vat) return null;
  return (
    <div className={classes.small} data-testid="receipt-vat">
      {t('selling.receipt.vat', { rate: receipt.vat.rate, amount: money(receipt.vat[amount]) })}
    </div>
  );
}

function PinLines({ pin }: { pin: SaleReceipt['pins'][number] }) {
  const { t } = useTranslation();
  return (
    <>
      <div className={classes.small}>{t('selling.receipt.pin')}</div>
      <div className={classes.pin} data-testid="receipt-pin">
        {pin.pin}
      </div>
      {pin.serial && (
        <div className={classes.small}>
          {t('selling.receipt.serial')}: {pin.serial}
        </div>
      )}
    </>
  );
}

/** One slip per PIN: product, value, PIN, serial, customer care, instructions, shop and Berlin time. */
function SingleReceipt({ receipt, pin, index }: { receipt: Receipt; pin: SaleReceipt['pins'][number]; index: number }) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  return (
    <div className={classes.receipt} data-testid="receipt">
      <ReceiptHeader receipt={receipt} />
      <hr className={classes.rule} />
      <div className={classes.center}>
        <strong>{receipt.product.product_name}</strong>
        <div>
          {t('selling.receipt.value')}: {money(receipt.configuration.value)}
          {receipt.quantity > 1 && ` · ${index + 1}/${receipt.quantity}`}
        </div>
        <VatLine receipt={receipt} amount="unit_amount" />
      </div>
      <PinLines pin={pin} />
      <ReceiptFooter receipt={receipt} />
    </div>
  );
}

/** Every PIN of a sale on one slip (the user's merge_receipts setting). */
function MergedReceipt({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  return (
    <div className={classes.receipt} data-testid="receipt">
      <ReceiptHeader receipt={receipt} />
      <hr className={classes.rule} />
      <div className={classes.center}>
        <strong>{receipt.product.product_name}</strong>
        <div>
          {t('selling.receipt.value')}: {money(receipt.configuration.value)} × {receipt.quantity} ={' '}
          {money(receipt.total_value)}
        </div>
        <VatLine receipt={receipt} amount="total_amount" />
      </div>
      {receipt.pins.map((pin) => (
        <Fragment key={pin.pin_id}>
          <hr className={classes.rule} />
          <PinLines pin={pin} />
        </Fragment>
      ))}
      <hr className={classes.rule} />
      <ReceiptFooter receipt={receipt} />
    </div>
  );
}

export function ReceiptSlips({ receipts, merged }: { receipts: Receipt[]; merged: boolean }) {
  return (
    <>
      {receipts.map((r) =>
        merged ? (
          <MergedReceipt key={r.sale_id} receipt={r} />
        ) : (
          r.pins.map((pin, i) => <SingleReceipt key={pin.pin_id} receipt={r} pin={pin} index={i} />)
        ),
      )}
    </>
  );
}

/** The receipts on screen, and once more in the print area. */
export function Receipts({ receipts, merged }: { receipts: Receipt[]; merged: boolean }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: merged ? 1 : 2 }} spacing="sm" data-testid="receipts">
        <ReceiptSlips receipts={receipts} merged={merged} />
      </SimpleGrid>
      <PrintArea>
        <ReceiptSlips receipts={receipts} merged={merged} />
      </PrintArea>
    </>
  );
}
