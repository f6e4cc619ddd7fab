import { Anchor, Badge, Button, Select, Text } from '@mantine/core';
import { type LedgerRow, MONEY_KINDS, type MoneyKind } from '@portal/contract/credit';
import { RULES } from '@portal/contract/rules';
import { IconDownload } from '@tabler/icons-react';
import type { QueryKey } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFormatters } from '../lib/format.ts';
import { notifyError } from '../lib/notify.ts';
import { useCan } from '../lib/permissions.ts';
import { type Column, DataTable, type PageRequest, type PageResult } from './data-table.tsx';
import { DateTime } from './date-time.tsx';
import { DateRangeFilter } from './list-filters.tsx';
import { Money } from './money.tsx';

/** Kind, from and to: the filters of every money list, kept in the URL. */
export type MoneyFilters = { from: string; to: string; kind: MoneyKind | '' };
export const NO_MONEY_FILTERS: MoneyFilters = { from: '', to: '', kind: '' };

const ALLOWED = { kind: ['', ...MONEY_KINDS] };

/** Kind, from and to: the filters every money list offers. */
export function MoneyFilterControls<F extends MoneyFilters>({
  filters,
  setFilters,
  kinds = MONEY_KINDS,
}: {
  filters: F;
  setFilters: (change: Partial<F>) => void;
  /** The kinds the list can hold. */
  kinds?: readonly (typeof MONEY_KINDS)[number][];
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        aria-label={t('credit.kind')}
        placeholder={t('credit.allKinds')}
        data={kinds.map((k) => ({ value: k, label: t(`credit.kinds.${k}`) }))}
        value={filters.kind || null}
        onChange={(kind) => setFilters({ kind: kind ?? '' } as Partial<F>)}
        clearable
        w={200}
      />
      <DateRangeFilter
        value={filters}
        onChange={({ from, to }) => setFilters({ from, to } as Partial<F>)}
        labels={{ from: t('credit.from'), to: t('credit.to') }}
        short={{ from: t('credit.fromShort'), to: t('credit.toShort') }}
        inline
      />
    </>
  );
}

/** A signed amount: money in (+) green, money out (−) red. */
export function SignedMoney({ amount }: { amount: string }) {
  return (
    <Text span size="sm" c={amount.startsWith('-') ? 'red' : 'teal'} fw={500}>
      <Money amount={amount} />
    </Text>
  );
}

/** What opens one sale by its ids (the selling feature's drawer), handed in by the page. */
export type SaleView = ComponentType<{ saleIds: number[]; onClose: () => void }>;

/**
 * The sale a ledger line links to, kept in the URL (`sale`, after the table's prefix) so the link can be opened,
 * shared and closed with the browser's back button; `null` where the viewer may not open sales (decision 0123).
 */
function useOpenSale(urlPrefix = '', view?: SaleView) {
  const [params, setParams] = useSearchParams();
  const may = useCan(RULES.saleDetails) && view !== undefined;
  const key = `${urlPrefix}sale`;
  if (!may) return null;
  const link = (saleId: number) => {
    const next = new URLSearchParams(params);
    next.set(key, String(saleId));
    return `?${next}`;
  };
  const open = Number(params.get(key)) || null;
  const close = () =>
    setParams((p) => {
      p.delete(key);
      return p;
    });
  return { link, open, close };
}

export interface LedgerTableProps {
  queryKey: QueryKey;
  queryFn: (request: PageRequest<MoneyFilters>) => Promise<PageResult<LedgerRow>>;
  /** Lists over several customers show who each line belongs to. */
  showCustomer?: boolean;
  /** Lines of one account (the wallet history) need no account column. */
  showAccount?: boolean;
  urlPrefix?: string;
  extraTools?: (filters: MoneyFilters) => ReactNode;
  /** Opens a sale line's sale; without it (or without the right to see sales) the line says it in words only. */
  saleView?: SaleView;
}

/** The one table of ledger lines: own ledger, a customer's ledger and wallet histories. */
export function LedgerTable({
  queryKey,
  queryFn,
  showCustomer = false,
  showAccount = true,
  urlPrefix,
  extraTools,
  saleView: SaleDrawer,
}: LedgerTableProps) {
  const { t } = useTranslation();
  const sale = useOpenSale(urlPrefix, SaleDrawer);
  const columns: Column<LedgerRow>[] = [
    { key: 'date', header: t('credit.date'), render: (r) => <DateTime value={r.created_at} /> },
    {
      key: 'kind',
      header: t('credit.kind'),
      render: (r) => (
        <Badge variant="light" color="gray">
          {t(`credit.kinds.${r.kind as (typeof MONEY_KINDS)[number]}`, { defaultValue: r.kind })}
        </Badge>
      ),
    },
    ...(showCustomer
      ? [{ key: 'customer', header: t('customers.customer'), render: (r: LedgerRow) => r.customer_name }]
      : []),
    ...(showAccount
      ? [
          {
            key: 'account',
            header: t('credit.account'),
            render: (r: LedgerRow) => t(`credit.accounts.${r.account as 'balance'}`, { defaultValue: r.account }),
          },
        ]
      : []),
    { key: 'amount', header: t('credit.amount'), align: 'right', render: (r) => <SignedMoney amount={r.amount} /> },
    {
      key: 'after',
      header: t('credit.balanceAfter'),
      align: 'right',
      render: (r) => (r.balance_after === null ? '—' : <Money amount={r.balance_after} />),
    },
    {
      key: 'reference',
      header: t('credit.reference'),
      render: (r) => <EntryReference entry={r} saleLink={sale?.link} />,
    },
    { key: 'by', header: t('credit.createdBy'), render: (r) => r.created_by ?? t('credit.system') },
  ];
  return (
    <>
      <DataTable
        queryKey={queryKey}
        queryFn={queryFn}
        columns={columns}
        rowKey={(r) => r.line_id}
        defaultFilters={NO_MONEY_FILTERS}
        allowedFilters={ALLOWED}
        urlPrefix={urlPrefix}
        toolbar={(filters, setFilters) => (
          <>
            <MoneyFilterControls filters={filters} setFilters={setFilters} />
            {extraTools?.(filters)}
          </>
        )}
      />
      {sale && SaleDrawer && <SaleDrawer saleIds={sale.open ? [sale.open] : []} onClose={sale.close} />}
    </>
  );
}

/** Where a wallet history comes from: its list call and its CSV download. */
export interface WalletHistorySource {
  queryKey: QueryKey;
  find: (request: PageRequest<MoneyFilters>) => Promise<PageResult<LedgerRow>>;
  download: (filters: MoneyFilters) => Promise<void>;
}

/** The wallet history of a customer (or of the user's own customer) with its CSV download. */
export function WalletHistory({
  source,
  urlPrefix,
  saleView,
}: {
  source: WalletHistorySource;
  urlPrefix?: string;
  saleView?: SaleView;
}) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  async function download(filters: MoneyFilters) {
    setDownloading(true);
    try {
      await source.download(filters);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  }
  return (
    <LedgerTable
      queryKey={source.queryKey}
      queryFn={source.find}
      showAccount={false}
      urlPrefix={urlPrefix}
      saleView={saleView}
      extraTools={(filters) => (
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          onClick={() => download(filters)}
        >
          {t('credit.downloadCsv')}
        </Button>
      )}
    />
  );
}

/**
 * What an entry was: a sale in words (a link to the sale where `saleLink` is given), otherwise its method and
 * reference; its memo below.
 */
export function EntryReference({
  entry,
  saleLink,
}: {
  entry: Pick<LedgerRow, 'method' | 'reference' | 'memo'> & Partial<Pick<LedgerRow, 'sale'>>;
  saleLink?: (saleId: number) => string;
}) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  const { sale } = entry;
  const words =
    sale &&
    t('credit.saleLine', {
      product: sale.product,
      value: money(sale.face_value),
      quantity: sale.quantity,
      sale: sale.id,
    });
  return (
    <div>
      <Text size="sm">
        {sale && saleLink ? (
          <Anchor component={Link} to={saleLink(sale.id)} size="sm">
            {words}
          </Anchor>
        ) : (
          words ||
          [
            entry.method && t(`credit.methods.${entry.method as 'cash'}`, { defaultValue: entry.method }),
            entry.reference,
          ]
            .filter(Boolean)
            .join(' · ')
        )}
      </Text>
      <Text size="xs" c="dimmed">
        {entry.memo}
      </Text>
    </div>
  );
}
