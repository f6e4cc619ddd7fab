import { Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { CountryCode } from 'libphonenumber-js';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { countryList, toE164 } from '../countries.ts';
import { ProductCards } from '../product-cards.tsx';
import { type ProductsBy, type TopupSale, useNumberLookup, useTopupProducts } from '../topup.queries.ts';
import { TopupHistory } from '../topup-lists.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { TopupProgress } from './topup-progress.tsx';

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
                              <ProductCards
                                products={list.map((p) => ({
                                  ...p,
                                  receives:
                                    p.destination_amount &&
                                    `${p.destination_amount} ${p.destination_unit ?? ''}`.trim(),
                                }))}
                                value={productId}
                                onChange={setProductId}
                              />
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
