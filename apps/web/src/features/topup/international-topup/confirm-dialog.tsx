import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/errors.ts';
import { useFormatters } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { Money } from '../../../ui/money.tsx';
import { SaleFacts } from '../sale-facts.tsx';
import {
  fetchTransactionKey,
  type TopupSale,
  useDecideOffer,
  useMakeOffer,
  type useTopupProducts,
} from '../topup.queries.ts';

/**
 * The offer step of a top-up (decision 0080, "Offers"): opening the dialog asks DT One for the offer (nothing is
 * charged), which shows what the number receives, what the shop pays and until when it holds; **Confirm and send**
 * reserves the money and has DT One confirm it, **Reject offer** (or closing the dialog) cancels it at DT One.
 * One transaction key per dialog: asking again after a lost answer finds the same offer, never a second one.
 */
export function ConfirmDialog({
  mobile,
  product,
  operatorName,
  onClose,
  onSent,
}: {
  mobile: string;
  product: NonNullable<ReturnType<typeof useTopupProducts>['data']>[number];
  operatorName: string;
  onClose: () => void;
  onSent: (key: string, sale: TopupSale) => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const { user } = useSession();
  const make = useMakeOffer();
  const decide = useDecideOffer(user?.customer_id);
  const key = useRef<Promise<string> | null>(null);
  const [offer, setOffer] = useState<{ key: string; sale: TopupSale } | null>(null);

  const ask = async () => {
    key.current ??= fetchTransactionKey();
    const transactionKey = await key.current.catch((err: unknown) => {
      key.current = null;
      throw err;
    });
    const sale = await make.mutateAsync({
      transaction_key: transactionKey,
      product_id: product.id,
      mobile_number: mobile,
    });
    setOffer({ key: transactionKey, sale });
  };
  const asked = useRef(false);
  // Asked once when the dialog opens; "ask again" asks under the same key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per dialog, not on every render's new `ask`
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    ask().catch(() => undefined);
  }, []);

  const open = offer?.sale.offer_state === 'offered';
  const close = () => {
    // An offer left open is cancelled at DT One at once rather than at its expiry.
    if (offer && open && !decide.isPending) decide.mutate({ transactionKey: offer.key, reject: true });
    onClose();
  };
  const reject = () => {
    if (!offer) return;
    decide.mutate(
      { transactionKey: offer.key, reject: true },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t('topup.offer.rejected') });
          onClose();
        },
      },
    );
  };
  const confirm = () => {
    if (!offer) return;
    decide.mutate({ transactionKey: offer.key, reject: false }, { onSuccess: (sale) => onSent(offer.key, sale) });
  };
  const sale = offer?.sale;

  return (
    <Modal opened onClose={close} title={t('topup.confirmTitle')}>
      <Stack gap="sm">
        <SaleFacts mobile={mobile} operatorName={operatorName} productName={product.name} />
        {make.isPending && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('topup.offer.asking')}</Text>
          </Group>
        )}
        {make.isError && (
          <Alert color="red" role="alert">
            <Stack gap="xs">
              <Text size="sm">{describeError(t, make.error)}</Text>
              <Group>
                <Button size="xs" variant="default" onClick={() => ask().catch(() => undefined)}>
                  {t('topup.offer.askAgain')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        {sale && (
          <Stack gap={4} data-testid="topup-offer">
            <Text size="sm">
              {t('topup.receives')}: {sale.face_value} {sale.face_currency}
            </Text>
            {sale.seller_price !== null && (
              <Text size="sm">
                {t('topup.charged')}: <Money amount={sale.seller_price} />
              </Text>
            )}
            {open && sale.offer_expires_at && (
              <Text size="sm">
                {t('topup.offer.validUntil')}: {dateTime(sale.offer_expires_at)}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              {open ? t('topup.confirmText') : t(`topup.outcome.${sale.status}`)}
            </Text>
          </Stack>
        )}
        {decide.isError && (
          <Alert color="red" role="alert">
            {describeError(t, decide.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={open ? reject : close}
            loading={decide.isPending && decide.variables?.reject}
          >
            {open ? t('topup.offer.reject') : t('common.cancel')}
          </Button>
          <Button
            onClick={confirm}
            disabled={!open}
            loading={decide.isPending && !decide.variables?.reject}
            data-autofocus
          >
            {t('topup.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
