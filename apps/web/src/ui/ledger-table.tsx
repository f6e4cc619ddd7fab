import { Anchor, Badge, Select, Text } from '@mantine/core';
import { type LedgerRow, MONEY_KINDS, type MoneyKind } from '@portal/contract/credit';
import { RULES } from '@portal/contract/rules';
import type { QueryKey } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFormatters } from '../lib/format.ts';
import { memoWords, referenceWords } from '../lib/ledger-words.ts';
import { useCan } from '../lib/permissions.ts';
import { type Column, DataTable, type PageRequest, type PageResult } from './data-table.tsx';
import { DateTime } from './date-time.tsx';
import { ExportButtons, type ExportFormat } from './export-buttons.tsx';
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

/** What a ledger line can link to (decision 0123): a sale of PINs, a provider sale. Each is its URL parameter. */
export const ENTRY_LINKS = ['sale', 'provider_sale'] as const;
export type EntryLink = (typeof ENTRY_LINKS)[number];

/** What opens one linked thing by its id over the ledger (`id` null: closed). */
export type EntryView = ComponentType<{ id: number | null; onClose: () => void }>;
/** The views a page hands its ledgers, by link; a feature's views come from the route table, never imported here. */
export type EntryViews = Partial<Record<EntryLink, EntryView>>;

/** Where a link leads for a viewer: the address that opens it. */
export type EntryLinkTo = (link: EntryLink, id: number) => string | undefined;

/**
 * The things the ledger's lines link to, kept in the URL (the link's name after the table's prefix) so a link can
 * be opened, shared and closed with the browser's back button. A line links only where the page has its view and the
 * viewer passes the rule of the details call the view makes (`RULES.saleDetails` for both).
 */
function useEntryLinks(urlPrefix = '', views: EntryViews = {}) {
  const [params, setParams] = useSearchParams();
  const may = useCan(RULES.saleDetails);
  const shown = may ? ENTRY_LINKS.filter((link) => views[link] !== undefined) : [];
  const key = (link: EntryLink) => `${urlPrefix}${link}`;
  const linkTo: EntryLinkTo | undefined = shown.length
    ? (link, id) => {
        if (!shown.includes(link)) return undefined;
        const next = new URLSearchParams(params);
        next.set(key(link), String(id));
        return `?${next}`;
      }
    : undefined;
  const hosts = shown.map((link) => ({
    link,
    View: views[link] as EntryView,
    open: Number(params.get(key(link))) || null,
    close: () =>
      setParams((p) => {
        p.delete(key(link));
        return p;
      }),
  }));
  return { linkTo, hosts };
}

/**
 * The views of linked things a page opens from its URL (`?sale=`, `?provider_sale=`) without a ledger: the sales
 * lists, where the header's search opens a sale (issue 39). The same rule as a ledger's links: the details call's.
 */
export function EntryViewHosts({ views, urlPrefix }: { views?: EntryViews; urlPrefix?: string }) {
  const { hosts } = useEntryLinks(urlPrefix, views);
  return (
    <>
      {hosts.map(({ link, View, open, close }) => (
        <View key={link} id={open} onClose={close} />
      ))}
    </>
  );
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
  /** Open what a line names; without its view (or the right to see sales) the line says it in words only. */
  entryViews?: EntryViews;
  /** The list's export (CSV and XLSX of its filtered lines): every ledger screen has one. */
  exportLines?: LedgerExport;
}

/** Downloads a ledger's lines with the list's filters as a file. */
export type LedgerExport = (filters: MoneyFilters, format: ExportFormat) => Promise<void>;

/** The one table of ledger lines: own ledger, a customer's ledger and wallet histories. */
export function LedgerTable({
  queryKey,
  queryFn,
  showCustomer = false,
  showAccount = true,
  urlPrefix,
  extraTools,
  entryViews,
  exportLines,
}: LedgerTableProps) {
  const { t } = useTranslation();
  const links = useEntryLinks(urlPrefix, entryViews);
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
      render: (r) => <EntryReference entry={r} linkTo={links.linkTo} />,
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
            {exportLines && <ExportButtons onExport={(format) => exportLines(filters, format)} />}
          </>
        )}
      />
      {links.hosts.map(({ link, View, open, close }) => (
        <View key={link} id={open} onClose={close} />
      ))}
    </>
  );
}

/** Where a wallet history comes from: its list call and its export. */
export interface WalletHistorySource {
  queryKey: QueryKey;
  find: (request: PageRequest<MoneyFilters>) => Promise<PageResult<LedgerRow>>;
  download: LedgerExport;
}

/** The wallet history of a customer (or of the user's own customer) with its CSV and XLSX export. */
export function WalletHistory({
  source,
  urlPrefix,
  entryViews,
}: {
  source: WalletHistorySource;
  urlPrefix?: string;
  entryViews?: EntryViews;
}) {
  return (
    <LedgerTable
      queryKey={source.queryKey}
      queryFn={source.find}
      showAccount={false}
      urlPrefix={urlPrefix}
      entryViews={entryViews}
      exportLines={source.download}
    />
  );
}

/**
 * What an entry was: a sale or a provider sale in words (a link to it where `linkTo` is given), otherwise its method
 * and reference; its memo below.
 */
export function EntryReference({
  entry,
  linkTo,
}: {
  entry: Pick<LedgerRow, 'method' | 'reference' | 'memo'> & Partial<Pick<LedgerRow, 'sale' | 'provider_sale'>>;
  linkTo?: EntryLinkTo;
}) {
  const { t } = useTranslation();
  const formatters = useFormatters();
  const { money } = formatters;
  const { sale, provider_sale: providerSale } = entry;
  const named: { link: EntryLink; id: number; words: string } | null = sale
    ? {
        link: 'sale',
        id: sale.id,
        words: t('credit.saleLine', {
          product: sale.product,
          value: money(sale.face_value),
          quantity: sale.quantity,
          sale: sale.id,
        }),
      }
    : providerSale
      ? {
          link: 'provider_sale',
          id: providerSale.id,
          words: t('credit.providerSaleLine', { kind: t(`topup.kinds.${providerSale.kind}`), sale: providerSale.id }),
        }
      : null;
  const to = named && linkTo?.(named.link, named.id);
  return (
    <div>
      <Text size="sm">
        {named && to ? (
          <Anchor component={Link} to={to} size="sm">
            {named.words}
          </Anchor>
        ) : (
          named?.words ||
          [
            entry.method && t(`credit.methods.${entry.method as 'cash'}`, { defaultValue: entry.method }),
            referenceWords(t, entry.reference),
          ]
            .filter(Boolean)
            .join(' · ')
        )}
      </Text>
      {/* A sale's words above already name product, value and quantity; its memo repeats them in figures. */}
      {!sale && (
        <Text size="xs" c="dimmed">
          {memoWords(t, formatters, entry.memo)}
        </Text>
      )}
    </div>
  );
}
