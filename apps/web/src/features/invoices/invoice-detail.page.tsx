import { Alert, Button, Grid, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { InvoiceKind, InvoiceParty, InvoiceReport } from '@portal/contract/invoices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFormatters } from '../../lib/format.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PdfButtons } from '../../ui/pdf-buttons.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { EinvoiceButtons } from './einvoice-buttons.tsx';
import { saveInvoicePdf, useInvoice } from './invoices.queries.ts';

const percent = (rate: string) => `${rate.replace(/\.00$/, '').replace('.', ',')} %`;

function Party({ title, party }: { title: string; party: InvoiceParty }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" h="100%">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      <Text fw={600}>{party.legal_name || party.name}</Text>
      <Text size="sm">{party.address}</Text>
      {party.vat_id && <Text size="sm">{`${t('invoices.vatId')}: ${party.vat_id}`}</Text>}
      {party.tax_number && <Text size="sm">{`${t('invoices.taxNumber')}: ${party.tax_number}`}</Text>}
    </Paper>
  );
}

function InvoiceDocument({ invoice, view }: { invoice: InvoiceReport; view: 'net' | 'gross' }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const net = view === 'net';
  return (
    <Stack gap="md">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Party title={t('invoices.issuer')} party={invoice.issuer} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Party title={t('invoices.recipient')} party={invoice.recipient} />
        </Grid.Col>
      </Grid>
      {invoice.kind === 'credit_note' && (
        <Alert
          variant="light"
          color="blue"
          title={invoice.cancels_invoice ? t('invoices.stornoTitle') : t('invoices.creditNoteTitle')}
        >
          <Text size="sm">
            {invoice.refund_entry_id
              ? t('invoices.refundCorrectionText', { date: date(invoice.period_start) })
              : t('invoices.creditNoteText', { id: invoice.reclamation_id })}
          </Text>
          <Text size="sm" data-testid="preceding-invoice">
            {invoice.preceding_invoice_no
              ? t('invoices.precedingInvoice', { number: invoice.preceding_invoice_no })
              : t('invoices.precedingNone')}
          </Text>
        </Alert>
      )}
      {invoice.kind === 'reclamation' && invoice.combined_invoice_no === undefined && (
        <Alert variant="light" color="blue">
          <Text size="sm">{t('invoices.reclamationText')}</Text>
          {invoice.listed_corrections && (
            <Text size="sm" data-testid="listed-corrections">
              {t('invoices.listedCorrections', {
                numbers: invoice.listed_corrections.map((c) => c.invoice_no).join(', '),
              })}
            </Text>
          )}
        </Alert>
      )}
      {invoice.combined_invoice_no !== undefined && (
        <Alert variant="light" color="blue" data-testid="combined-note">
          {invoice.combined_invoice_no === null
            ? t('invoices.combinedWithout')
            : t('invoices.combinedText', { invoice: invoice.combined_invoice_no })}
        </Alert>
      )}
      <Group gap="xl">
        <Text size="sm">
          {t('invoices.number')}: <b>{invoice.invoice_no}</b>
        </Text>
        <Text size="sm">
          {t('invoices.issuedAt')}: <DateTime value={invoice.issued_at} dateOnly />
        </Text>
        <Text size="sm">
          {t('invoices.period')}: <DateTime value={invoice.period_start} dateOnly /> –{' '}
          <DateTime value={invoice.period_end} dateOnly />
        </Text>
      </Group>
      <Paper withBorder radius="md" p="md">
        {invoice.lines.length === 0 ? (
          <Text c="dimmed">{t('invoices.linesEmpty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('invoices.product')}</Table.Th>
                  <Table.Th ta="right">{t('invoices.faceValue')}</Table.Th>
                  <Table.Th ta="right">{t('invoices.quantity')}</Table.Th>
                  <Table.Th ta="right">{net ? t('invoices.unitNet') : t('invoices.unitGross')}</Table.Th>
                  <Table.Th ta="right">{t('invoices.vatRate')}</Table.Th>
                  <Table.Th ta="right">{net ? t('invoices.amountNet') : t('invoices.amountGross')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.lines.map((l) => (
                  <Table.Tr key={`${l.line_kind}-${l.product_id}-${l.configuration_id}-${l.unit_price_gross}`}>
                    <Table.Td>{l.product_name}</Table.Td>
                    <Table.Td ta="right">{l.line_kind === 'hardware' ? '—' : <Money amount={l.face_value} />}</Table.Td>
                    <Table.Td ta="right">{l.quantity}</Table.Td>
                    <Table.Td ta="right">
                      <Money amount={net ? l.unit_price_net : l.unit_price_gross} />
                    </Table.Td>
                    <Table.Td ta="right">
                      {l.vat_treatment === 'mpv'
                        ? t('invoices.mpv')
                        : l.vat_treatment === 'carrier'
                          ? t('invoices.carrier')
                          : percent(l.vat_rate)}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amount={net ? l.net_amount : l.gross_amount} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Stack gap={4} mt="md" ml="auto" maw={420} data-testid="invoice-totals">
          <Group justify="space-between">
            <Text size="sm">{t('invoices.totalNet')}</Text>
            <Money amount={invoice.net_total} />
          </Group>
          {invoice.vat_breakdown.map((b) => (
            <Group justify="space-between" key={`${b.vat_treatment}-${b.vat_rate}`}>
              <Text size="sm">
                {b.vat_treatment === 'mpv'
                  ? t('invoices.mpvTotal')
                  : b.vat_treatment === 'carrier'
                    ? t('invoices.carrierTotal')
                    : t('invoices.vatOn', { rate: percent(b.vat_rate), net: b.net.replace('.', ',') })}
              </Text>
              <Money amount={b.vat_treatment === 'spv' ? b.vat : b.gross} />
            </Group>
          ))}
          <Group justify="space-between">
            <Text fw={700}>{t('invoices.totalGross')}</Text>
            <Text fw={700}>
              <Money amount={invoice.gross_total} />
            </Text>
          </Group>
        </Stack>
      </Paper>
      {invoice.vat_breakdown.some((b) => b.vat_treatment === 'mpv') && (
        <Alert variant="light" color="gray">
          {t('invoices.mpvNote')}
        </Alert>
      )}
      {invoice.vat_breakdown.some((b) => b.vat_treatment === 'carrier') && (
        <Alert variant="light" color="gray">
          {t('invoices.carrierNote')}
        </Alert>
      )}
    </Stack>
  );
}

const TITLES = {
  invoice: { net: 'screen.invoiceNet', gross: 'screen.invoiceGross' },
  reclamation: { net: 'screen.invoiceReclamation', gross: 'screen.invoiceGrossReclamation' },
} as const;

/**
 * One document number, its net and gross view: `/new/invoice/{id}` and `/new/invoice-gross/{id}` (an invoice),
 * `/new/invoice-reclamation/{id}` and `/new/invoice-gross-reclamation/{id}` (a reclamation invoice).
 * `/new/invoice-credit-note/{id}`: a credit note, gross first (what was refunded), net on request.
 * `/new/invoice-reclamation-combined/{id}`: a reclamation invoice netted with its month's invoice, a view of
 * two documents and no document of its own (so no PDF).
 */
export function InvoiceDetailPage({
  view: initial,
  kind = 'invoice',
  combined = false,
}: {
  view: 'net' | 'gross';
  kind?: InvoiceKind;
  combined?: boolean;
}) {
  const { t } = useTranslation();
  const invoiceId = Number(useParams().invoiceId);
  const query = useInvoice(invoiceId, combined);
  const [localView, setLocalView] = useState(initial);
  // Credit notes and the combined view switch in place; the others have a route per view.
  const inPlace = kind === 'credit_note' || combined;
  const view = inPlace ? localView : initial;
  const switchLabel = view === 'net' ? t('invoices.showGross') : t('invoices.showNet');
  const title = combined
    ? 'screen.invoiceReclamationCombined'
    : kind === 'credit_note'
      ? 'screen.invoiceCreditNote'
      : TITLES[kind][view];
  const other =
    kind === 'reclamation'
      ? `/new/invoice${view === 'net' ? '-gross' : ''}-reclamation/${invoiceId}`
      : `/new/invoice${view === 'net' ? '-gross' : ''}/${invoiceId}`;
  return (
    <>
      <PageHeader
        title={
          <>
            {t(title)}
            {query.data && ` ${query.data.invoice_no}`}
          </>
        }
        actions={
          query.data && (
            <>
              {inPlace ? (
                <Button variant="default" onClick={() => setLocalView(view === 'net' ? 'gross' : 'net')}>
                  {switchLabel}
                </Button>
              ) : (
                <Button component={Link} to={other} variant="default">
                  {switchLabel}
                </Button>
              )}
              {kind === 'reclamation' && (
                <Button
                  component={Link}
                  to={
                    combined
                      ? `/new/invoice-reclamation/${invoiceId}`
                      : `/new/invoice-reclamation-combined/${invoiceId}`
                  }
                  variant="default"
                >
                  {combined ? t('invoices.showReclamation') : t('invoices.showCombined')}
                </Button>
              )}
              {!combined && (
                <>
                  <PdfButtons number={query.data.invoice_no} save={(view) => saveInvoicePdf(invoiceId, view)} />
                  {query.data.kind !== 'reclamation' && (
                    <EinvoiceButtons invoiceId={invoiceId} number={query.data.invoice_no} />
                  )}
                </>
              )}
            </>
          )
        }
      />
      <QueryState query={query}>{(invoice) => <InvoiceDocument invoice={invoice} view={view} />}</QueryState>
    </>
  );
}
