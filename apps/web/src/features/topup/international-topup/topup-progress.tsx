import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconPrinter } from '@tabler/icons-react';
import { type QueryKey, type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { Money } from '../../../ui/money.tsx';
import printClasses from '../../../ui/print.module.css';
import { PrintArea } from '../../../ui/print-area.tsx';
import { TopupStatusBadge } from '../../../ui/topup-status-badge.tsx';
import { useInvalidateAfterPurchase } from '../../selling/selling.queries.ts';
import { isFinal, type TopupSale, topupKeys, useTopupStatus } from '../topup.queries.ts';

/** The sent top-up, asked of DT One again until final. */
export function TopupProgress({
  transactionKey,
  initial,
  onAgain,
}: {
  transactionKey: string;
  initial: TopupSale;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const status = useTopupStatus(transactionKey, initial);
  const sale = status.data ?? initial;
  return (
    <SaleProgress
      status={status}
      initial={initial}
      title={t(`topup.outcome.${sale.status}`)}
      receiptTitle={t('screen.internationalTopup')}
      againLabel={t('topup.again')}
      historyKey={topupKeys.history()}
      onAgain={onAgain}
    />
  );
}

/**
 * A provider sale (top-up or recharge) as its status call reads it until final; the balance and the sale's list
 * are refreshed once it is (a failure gives money back), and the receipt prints only then.
 */
export function SaleProgress({
  status,
  initial,
  title,
  receiptTitle,
  againLabel,
  historyKey,
  onAgain,
}: {
  status: UseQueryResult<TopupSale>;
  initial: TopupSale;
  title: string;
  receiptTitle: string;
  againLabel: string;
  historyKey: QueryKey;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const { user } = useSession();
  const invalidate = useInvalidateAfterPurchase();
  const queryClient = useQueryClient();
  const sale = status.data ?? initial;
  const final = isFinal(sale.status);
  const refreshed = useRef(false);
  useEffect(() => {
    if (final && !refreshed.current && user) {
      refreshed.current = true;
      void invalidate(user.customer_id);
      void queryClient.invalidateQueries({ queryKey: historyKey });
    }
  }, [final, invalidate, queryClient, user, historyKey]);
  const colour = sale.status === 'successful' ? 'teal' : sale.status === 'pending' ? 'blue' : 'red';
  const Icon =
    sale.status === 'successful' ? IconCircleCheck : sale.status === 'pending' ? IconClock : IconAlertTriangle;
  return (
    <Alert color={colour} icon={<Icon size={18} />} title={title}>
      <Stack gap="xs" aria-live="polite">
        <Group gap="xs">
          <Text size="sm">{t('topup.status')}:</Text>
          <TopupStatusBadge status={sale.status} />
        </Group>
        <Text size="sm">
          {sale.product_name} → {sale.mobile_number}
        </Text>
        {sale.seller_price !== null && (
          <Text size="sm">
            {t('topup.charged')}: <Money amount={sale.seller_price} />
          </Text>
        )}
        {sale.operator_reference && (
          <Text size="sm">
            {t('topup.reference')}: {sale.operator_reference}
          </Text>
        )}
        {status.isError && <Text size="sm">{describeError(t, status.error)}</Text>}
        {sale.status === 'successful' && (
          <PrintArea>
            <div className={printClasses.receipt}>
              <strong>{receiptTitle}</strong>
              <div>{dateTime(sale.final_at ?? sale.created_at)}</div>
              <div>
                {sale.product_name} → {sale.mobile_number}
              </div>
              <div>
                {t('topup.receives')}: {sale.face_value} {sale.face_currency}
              </div>
              <div>
                {t('topup.retailPrice')}: <Money amount={sale.retail_price} />
              </div>
              {sale.operator_reference && (
                <div>
                  {t('topup.reference')}: {sale.operator_reference}
                </div>
              )}
            </div>
          </PrintArea>
        )}
        {final && (
          <Group>
            {sale.status === 'successful' && (
              <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                {t('topup.print')}
              </Button>
            )}
            <Button onClick={onAgain}>{againLabel}</Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
