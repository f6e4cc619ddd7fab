import { Alert, Button, Card, Group, Modal, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { CountryCode } from 'libphonenumber-js';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/errors.ts';
import { useFormatters } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import printClasses from '../../ui/print.module.css';
import { PrintArea } from '../../ui/print-area.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { useInvalidateAfterPurchase } from '../selling/selling.queries.ts';
import { countryList, toE164 } from './countries.ts';
import {
  fetchTransactionKey,
  isFinal,
  type ProductsBy,
  type TopupSale,
  topupKeys,
  useNumberLookup,
  useSendTopup,
  useTopupProducts,
  useTopupStatus,
} from './topup.queries.ts';
import { TopupHistory, TopupStatusBadge } from './topup-lists.tsx';

/**
 * `/international-topup/`: country and number, the operator DT One finds for it, its products, the purchase after a
 * confirmation, then its status live until DT One's answer is final; the shop's top-ups below.
 */
export function InternationalTopupPage() {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => countryList(i18n.language), [i18n.language]);
  const [country, setCountry] = useState<CountryCode>('TR');
  const [input, setInput] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [mobile, setMobile] = useState<string | null>(null);
  const [operatorId, setOperatorId] = useState<number | null>(null);
  const [productId, setProductId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState<{ key: string; sale: TopupSale } | null>(null);
  const selected = countries.find((c) => c.iso2 === country);

  const lookup = useNumberLookup(mobile);
  const operators = lookup.data ?? [];
  useEffect(() => {
    setOperatorId(lookup.data?.[0]?.id ?? null);
    setProductId(null);
  }, [lookup.data]);
  const productsBy: ProductsBy | null =
    mobile === null || !lookup.data
      ? null
      : operatorId !== null
        ? { operator_id: operatorId }
        : selected
          ? { country_iso_code: selected.iso3 }
          : null;
  const products = useTopupProducts(productsBy);
  const product = products.data?.find((p) => String(p.id) === productId) ?? null;

  const find = (e: FormEvent) => {
    e.preventDefault();
    const e164 = toE164(input, country);
    setNumberError(e164 ? null : t('topup.invalidNumber', { country: selected?.name ?? country }));
    setMobile(e164);
    setSent(null);
  };
  const restart = () => {
    setSent(null);
    setProductId(null);
  };

  return (
    <>
      <PageHeader title={t('screen.internationalTopup')} description={t('topup.description')} />
      <Stack gap="lg">
        {sent ? (
          <TopupProgress transactionKey={sent.key} initial={sent.sale} onAgain={restart} />
        ) : (
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <form onSubmit={find} noValidate>
                <Group align="flex-end" wrap="wrap" gap="sm">
                  <Select
                    label={t('topup.country')}
                    searchable
                    w={280}
                    allowDeselect={false}
                    data={countries.map((c) => ({ value: c.iso2, label: `${c.flag} ${c.name} (+${c.dialCode})` }))}
                    value={country}
                    onChange={(v) => {
                      if (v) setCountry(v as CountryCode);
                      setMobile(null);
                    }}
                  />
                  <TextInput
                    label={t('topup.mobileNumber')}
                    description={t('topup.mobileNumberHint')}
                    leftSection={<Text size="sm">+{selected?.dialCode}</Text>}
                    leftSectionWidth={56}
                    inputMode="tel"
                    autoComplete="off"
                    w={260}
                    value={input}
                    error={numberError}
                    onChange={(e) => setInput(e.currentTarget.value)}
                  />
                  <Button type="submit" leftSection={<IconSearch size={16} />} loading={lookup.isFetching}>
                    {t('topup.findOperator')}
                  </Button>
                </Group>
              </form>
              {mobile && (
                <QueryState query={lookup}>
                  {(found) => (
                    <Stack gap="md">
                      {found.length === 0 ? (
                        <Text size="sm" c="dimmed">
                          {t('topup.operatorUnknown')}
                        </Text>
                      ) : (
                        <Select
                          label={t('topup.operator')}
                          w={320}
                          allowDeselect={false}
                          data={operators.map((o) => ({ value: String(o.id), label: o.name }))}
                          value={operatorId === null ? null : String(operatorId)}
                          onChange={(v) => {
                            setOperatorId(v ? Number(v) : null);
                            setProductId(null);
                          }}
                        />
                      )}
                      {productsBy && (
                        <QueryState query={products}>
                          {(list) =>
                            list.length === 0 ? (
                              <EmptyState title={t('topup.noServices')} />
                            ) : (
                              <Radio.Group label={t('topup.product')} value={productId} onChange={setProductId}>
                                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs">
                                  {list.map((p) => (
                                    <Radio.Card key={p.id} value={String(p.id)} p="md" radius="md">
                                      <Group wrap="nowrap" align="flex-start">
                                        <Radio.Indicator />
                                        <Stack gap={2}>
                                          <Text fw={600}>{p.name}</Text>
                                          {p.destination_amount && (
                                            <Text size="sm">
                                              {t('topup.receives')}: {p.destination_amount} {p.destination_unit}
                                            </Text>
                                          )}
                                          <Text size="sm" c="dimmed">
                                            {t('topup.retailPrice')}: <Money amount={p.retail_price} />
                                          </Text>
                                          {p.price !== null && (
                                            <Text size="sm">
                                              {t('topup.yourPrice')}: <Money amount={p.price} />
                                            </Text>
                                          )}
                                        </Stack>
                                      </Group>
                                    </Radio.Card>
                                  ))}
                                </SimpleGrid>
                              </Radio.Group>
                            )
                          }
                        </QueryState>
                      )}
                      {product && (
                        <Group>
                          <Button onClick={() => setConfirming(true)}>{t('topup.buy')}</Button>
                        </Group>
                      )}
                    </Stack>
                  )}
                </QueryState>
              )}
            </Stack>
          </Card>
        )}
        {confirming && product && mobile && (
          <ConfirmDialog
            mobile={mobile}
            product={product}
            operatorName={operators.find((o) => o.id === operatorId)?.name ?? product.operator_name}
            onClose={() => setConfirming(false)}
            onSent={(key, sale) => {
              setConfirming(false);
              setSent({ key, sale });
            }}
          />
        )}
        <TopupHistory />
      </Stack>
    </>
  );
}

function ConfirmDialog({
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
  const { user } = useSession();
  const send = useSendTopup(user?.customer_id);
  // One key per confirmation: pressing again after a lost answer sends the same top-up, never a second one.
  const key = useRef<Promise<string> | null>(null);
  const [keyError, setKeyError] = useState<unknown>(null);
  const confirm = async () => {
    let transactionKey: string;
    try {
      key.current ??= fetchTransactionKey();
      transactionKey = await key.current;
    } catch (err) {
      key.current = null;
      setKeyError(err);
      return;
    }
    setKeyError(null);
    send.mutate(
      { transaction_key: transactionKey, product_id: product.id, mobile_number: mobile },
      { onSuccess: (sale) => onSent(transactionKey, sale) },
    );
  };
  const error = send.error ?? keyError;
  return (
    <Modal opened onClose={onClose} title={t('topup.confirmTitle')}>
      <Stack gap="sm">
        <Text>{t('topup.confirmText')}</Text>
        <Stack gap={4}>
          <Text size="sm">
            {t('topup.mobileNumber')}: <strong>{mobile}</strong>
          </Text>
          <Text size="sm">
            {t('topup.operator')}: {operatorName}
          </Text>
          <Text size="sm">
            {t('topup.product')}: {product.name}
          </Text>
          {product.destination_amount && (
            <Text size="sm">
              {t('topup.receives')}: {product.destination_amount} {product.destination_unit}
            </Text>
          )}
          {product.price !== null && (
            <Text size="sm">
              {t('topup.charged')}: <Money amount={product.price} />
            </Text>
          )}
        </Stack>
        {error !== null && error !== undefined && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {describeError(t, error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} loading={send.isPending} data-autofocus>
            {t('topup.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The sent top-up, asked again until final; the balance is refreshed once it is (a failure gives money back). */
function TopupProgress({
  transactionKey,
  initial,
  onAgain,
}: {
  transactionKey: string;
  initial: TopupSale;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const { user } = useSession();
  const status = useTopupStatus(transactionKey, initial);
  const invalidate = useInvalidateAfterPurchase();
  const queryClient = useQueryClient();
  const sale = status.data ?? initial;
  const final = isFinal(sale.status);
  const refreshed = useRef(false);
  useEffect(() => {
    if (final && !refreshed.current && user) {
      refreshed.current = true;
      void invalidate(user.customer_id);
      void queryClient.invalidateQueries({ queryKey: topupKeys.history() });
    }
  }, [final, invalidate, queryClient, user]);
  const colour = sale.status === 'successful' ? 'teal' : sale.status === 'pending' ? 'blue' : 'red';
  const Icon =
    sale.status === 'successful' ? IconCircleCheck : sale.status === 'pending' ? IconClock : IconAlertTriangle;
  return (
    <Alert color={colour} icon={<Icon size={18} />} title={t(`topup.outcome.${sale.status}`)}>
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
              <strong>{t('screen.internationalTopup')}</strong>
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
            <Button onClick={onAgain}>{t('topup.again')}</Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
