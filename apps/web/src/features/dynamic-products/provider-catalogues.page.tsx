import { Badge, Button, Group, Paper, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { formatPercent } from '@portal/contract/format';
import {
  CATALOGUE_PROVIDERS,
  type CatalogueProvider,
  type HealthState,
  type OfferState,
  PROVIDER_HEALTH_TIMEOUT_MS,
  type ProviderOffer,
} from '@portal/contract/provider-catalogues';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../lib/errors.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Margin, Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import {
  findProviderOffers,
  NO_OFFER_FILTERS,
  providerCataloguesKeys,
  useProviderHealth,
  useProviderPricing,
} from './provider-catalogues.queries.ts';
import { ProviderVatPanel } from './provider-vat-panel.tsx';

const HEALTH_COLOR: Record<HealthState, string> = {
  ok: 'teal',
  off: 'gray',
  timeout: 'orange',
  unreachable: 'red',
  refused: 'red',
};
const STATE_COLOR: Record<OfferState, string> = {
  sold: 'teal',
  not_configured: 'gray',
  provider_unavailable: 'orange',
  not_in_euro: 'gray',
  below_cost: 'red',
};

/**
 * `/provider-catalogues/` (issue 40, decision 0144): the superadmin's view of what each provider offers, at which
 * cost and at which price to resellers, whether each provider answers, and the VAT treatment of its goods (set here
 * and nowhere else, decision 0132). The server refuses everyone else (`RULES.providerCatalogues`).
 */
export function ProviderCataloguesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screen.providerCatalogues')} description={t('dynamicProducts.catalogues.description')} />
      <Stack gap="lg">
        <ProviderHealthPanel />
        <Tabs defaultValue="dtone" keepMounted={false}>
          <Tabs.List mb="md">
            {CATALOGUE_PROVIDERS.map((p) => (
              <Tabs.Tab key={p} value={p}>
                {t(`dynamicProducts.vat.providers.${p}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {CATALOGUE_PROVIDERS.map((p) => (
            <Tabs.Panel key={p} value={p}>
              <ProviderOffers provider={p} />
            </Tabs.Panel>
          ))}
        </Tabs>
        <ProviderVatPanel />
      </Stack>
    </>
  );
}

/** Each provider's live answer: its state in words, when it was checked and how long it took. */
function ProviderHealthPanel() {
  const { t } = useTranslation();
  const health = useProviderHealth();
  return (
    <Paper withBorder radius="md" p="md" data-testid="provider-health">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{t('dynamicProducts.catalogues.health.title')}</Title>
          <Button size="xs" variant="light" loading={health.isFetching} onClick={() => health.refetch()}>
            {t('dynamicProducts.catalogues.health.checkAgain')}
          </Button>
        </Group>
        {health.isError && <ErrorState message={describeError(t, health.error)} onRetry={() => health.refetch()} />}
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-busy={health.isPending}>
            <Table.Caption>{t('dynamicProducts.catalogues.health.title')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dynamicProducts.catalogues.provider')}</Table.Th>
                <Table.Th>{t('dynamicProducts.catalogues.health.state')}</Table.Th>
                <Table.Th>{t('dynamicProducts.catalogues.health.checkedAt')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('dynamicProducts.catalogues.health.duration')}</Table.Th>
                <Table.Th>{t('dynamicProducts.catalogues.health.lastOk')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(health.data ?? []).map((h) => (
                <Table.Tr key={h.provider} data-testid="provider-health-row">
                  <Table.Td>{t(`dynamicProducts.vat.providers.${h.provider}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={HEALTH_COLOR[h.state]} variant="light">
                      {t(`dynamicProducts.catalogues.health.states.${h.state}`, {
                        seconds: PROVIDER_HEALTH_TIMEOUT_MS / 1000,
                      })}
                    </Badge>
                    {h.detail && (
                      <Text size="xs" c="dimmed">
                        {t('dynamicProducts.catalogues.health.providerCode', { code: h.detail })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <DateTime value={h.checked_at} />
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    {t('dynamicProducts.catalogues.health.ms', { value: h.duration_ms })}
                  </Table.Td>
                  <Table.Td>{h.last_ok_at ? <DateTime value={h.last_ok_at} /> : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

const money = (v: string | null) => (v === null ? '—' : <Money amount={v} />);

/** One provider's catalogue, paged and searched by the server; bus tickets are priced per booking. */
function ProviderOffers({ provider }: { provider: CatalogueProvider }) {
  const { t } = useTranslation();
  const perBooking = provider === 'flixbus';
  const columns: Column<ProviderOffer>[] = [
    { key: 'name', header: t('dynamicProducts.catalogues.offer'), render: (o) => o.name },
    ...(perBooking
      ? []
      : [
          { key: 'group', header: t('dynamicProducts.catalogues.group'), render: (o: ProviderOffer) => o.group ?? '—' },
        ]),
    { key: 'country', header: t('dynamicProducts.catalogues.country'), render: (o) => o.country ?? '—' },
    ...(perBooking
      ? []
      : ([
          { key: 'receives', header: t('dynamicProducts.catalogues.receives'), render: (o) => o.receives ?? '—' },
          { key: 'cost', header: t('dynamicProducts.catalogues.cost'), align: 'right', render: (o) => money(o.cost) },
          {
            key: 'face',
            header: t('dynamicProducts.catalogues.faceValue'),
            align: 'right',
            render: (o) => money(o.face_value),
          },
          {
            key: 'discount',
            header: t('dynamicProducts.catalogues.resellerDiscount'),
            align: 'right',
            render: (o) => (o.reseller_discount === null ? '—' : formatPercent(o.reseller_discount)),
          },
          {
            key: 'price',
            header: t('dynamicProducts.catalogues.resellerPrice'),
            align: 'right',
            render: (o) => money(o.reseller_price),
          },
          {
            key: 'margin',
            header: t('dynamicProducts.catalogues.margin'),
            align: 'right',
            render: (o) => <Margin amount={o.margin} />,
          },
          {
            key: 'state',
            header: t('dynamicProducts.catalogues.state'),
            render: (o) => (
              <Badge color={STATE_COLOR[o.state]} variant="light">
                {t(`dynamicProducts.catalogues.states.${o.state}`)}
              </Badge>
            ),
          },
        ] satisfies Column<ProviderOffer>[])),
  ];
  const title = t(`dynamicProducts.vat.providers.${provider}`);
  return (
    <Stack gap="sm" data-testid={`provider-offers-${provider}`}>
      <Text size="sm" c="dimmed">
        {t(`dynamicProducts.catalogues.about.${provider}`)}
      </Text>
      {perBooking && <PerBookingPricing />}
      <DataTable
        queryKey={providerCataloguesKeys.offers(provider)}
        queryFn={findProviderOffers(provider)}
        columns={columns}
        rowKey={(o) => o.id}
        defaultFilters={NO_OFFER_FILTERS}
        urlPrefix={provider}
        caption={title}
        errorTitle={t('dynamicProducts.catalogues.unavailable', { provider: title })}
        emptyTitle={t('dynamicProducts.catalogues.empty')}
        rowTestId="provider-offer"
        toolbar={(filters, setFilters) => (
          <SearchBox
            value={filters.search}
            onSearch={(search) => setFilters({ search })}
            label={t(
              provider === 'dtone' ? 'dynamicProducts.catalogues.countrySearch' : 'dynamicProducts.catalogues.search',
            )}
          />
        )}
      />
    </Stack>
  );
}

/** Bus fares are known per trip: resellers pay the fare less the default discount, FlixBus charges its partner price. */
function PerBookingPricing() {
  const { t } = useTranslation();
  const pricing = useProviderPricing('flixbus');
  if (!pricing.data?.discount) return null;
  return (
    <Text size="sm" data-testid="per-booking-pricing">
      {t('dynamicProducts.catalogues.perBooking', { discount: formatPercent(pricing.data.discount) })}
    </Text>
  );
}
