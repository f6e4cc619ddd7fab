import { Anchor, Button, Grid, Group, Paper, Stack, Table, Text, Timeline } from '@mantine/core';
import { type ReclamationAction, type ReclamationDetails, rejectReclamationBody } from '@portal/contract/reclamations';
import { RULES } from '@portal/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFormatters } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { askToConfirm } from '../../ui/confirm-action.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { SubmitError } from '../../ui/form-kit.tsx';
import { MaskedPinsTable } from '../../ui/masked-pins-table.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PdfButtons } from '../../ui/pdf-buttons.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { ReasonDialog } from '../../ui/reason-dialog.tsx';
import { saveInvoicePdf } from '../invoices/invoices.queries.ts';
import { StatusBadge } from './reclamation-parts.tsx';
import { useMoveReclamation, useReclamation } from './reclamations.queries.ts';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** The moves the server offers the caller (`actions`): no button for a move it would refuse. */
function Actions({ r }: { r: ReclamationDetails }) {
  const { t } = useTranslation();
  const moveIt = useMoveReclamation();
  const [rejecting, setRejecting] = useState(false);
  const { money } = useFormatters();
  const run = (action: ReclamationAction) => {
    if (action === 'issue_credit_note') {
      // A credit note is a document and refunds the shop (and, on platform stock, its reseller): it asks first and
      // cannot be undone, only corrected by a new document.
      const id = r.reclamation_id;
      askToConfirm({
        title: t('safeActions.creditNote.title', { id }),
        consequence: [
          t('safeActions.creditNote.shop', { shop: r.shop_name, amount: money(r.seller_amount) }),
          r.reseller_amount === null ? '' : t('safeActions.creditNote.reseller', { amount: money(r.reseller_amount) }),
          t('safeActions.creditNote.final'),
        ]
          .filter(Boolean)
          .join(' '),
        confirmLabel: t('reclamations.actions.issue_credit_note'),
        danger: true,
        run: () => moveIt.mutateAsync({ reclamation_id: id, action }),
        done: { message: t('safeActions.creditNote.done', { id }) },
      });
      return;
    }
    moveIt.mutate(
      { reclamation_id: r.reclamation_id, action },
      { onSuccess: (next) => notify({ color: 'green', message: t(`reclamations.status.${next.status}`) }) },
    );
  };
  if (r.actions.length === 0) return null;
  return (
    <Stack gap="xs">
      <Group>
        {r.actions
          .filter((a) => a !== 'reject')
          .map((a) => (
            <Button key={a} loading={moveIt.isPending && moveIt.variables?.action === a} onClick={() => run(a)}>
              {t(`reclamations.actions.${a}`)}
            </Button>
          ))}
        {r.actions.includes('reject') && (
          <Button color="red" variant="light" onClick={() => setRejecting(true)}>
            {t('reclamations.actions.reject')}
          </Button>
        )}
      </Group>
      {!rejecting && <SubmitError error={moveIt.error} />}
      {rejecting && <RejectDialog id={r.reclamation_id} onClose={() => setRejecting(false)} />}
    </Stack>
  );
}

function RejectDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const moveIt = useMoveReclamation();
  return (
    <ReasonDialog
      title={t('reclamations.rejectTitle', { id })}
      label={t('reclamations.rejectReason')}
      submitLabel={t('reclamations.actions.reject')}
      mutation={moveIt}
      schema={rejectReclamationBody}
      toInput={(reason) => ({ reclamation_id: id, action: 'reject' as const, reject_reason: reason })}
      onClose={onClose}
    />
  );
}

function ReclamationView({ r }: { r: ReclamationDetails }) {
  const { t } = useTranslation();
  // The credit notes are books: their screens and files follow the invoices' rules.
  const canOpen = useCan(RULES.invoicesOperators);
  const canDownload = useCan(RULES.invoices);
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Grid>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Field label={t('reclamations.statusLabel')}>
              <StatusBadge status={r.status} />
            </Field>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Field label={t('reclamations.shop')}>{r.shop_name}</Field>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Field label={t('reclamations.requestedUser')}>{r.requested_user}</Field>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Field label={t('reclamations.transactionDate')}>
              <DateTime value={r.transaction_date} />
            </Field>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Field label={t('reclamations.product')}>
              {r.product_name} · <Money amount={r.value} />
            </Field>
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Field label={t('reclamations.amount')}>
              <Money amount={r.seller_amount} />
            </Field>
          </Grid.Col>
          {r.reseller_amount !== null && (
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Field label={t('reclamations.resellerAmount')}>
                <Money amount={r.reseller_amount} />
              </Field>
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <Field label={t('reclamations.stock')}>{t(`reclamations.stockOf.${r.stock}`)}</Field>
          </Grid.Col>
          <Grid.Col span={12}>
            <Field label={t('reclamations.reason')}>{r.reason}</Field>
          </Grid.Col>
          {r.reject_reason && (
            <Grid.Col span={12}>
              <Field label={t('reclamations.rejectReason')}>{r.reject_reason}</Field>
            </Grid.Col>
          )}
        </Grid>
      </Paper>
      <Actions r={r} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md" radius="md">
            <Text fw={600} mb="xs">
              {t('reclamations.pins', { count: r.pins.length })}
            </Text>
            <MaskedPinsTable pins={r.pins} labels={{ pin: t('reclamations.pin'), serial: t('reclamations.serial') }} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md" radius="md">
            <Text fw={600} mb="xs">
              {t('reclamations.history')}
            </Text>
            <Timeline bulletSize={14} lineWidth={2}>
              {r.history.map((h) => (
                <Timeline.Item key={`${h.at}-${h.action}`} title={t(`reclamations.actions.${h.action}`)}>
                  <Text size="xs" c="dimmed">
                    <DateTime value={h.at} /> · {h.user}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Paper>
        </Grid.Col>
      </Grid>
      {r.credit_notes.length > 0 && (
        <Paper withBorder p="md" radius="md" data-testid="credit-notes">
          <Text fw={600} mb="xs">
            {t('reclamations.creditNotes')}
          </Text>
          <Table>
            <Table.Tbody>
              {r.credit_notes.map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td>
                    {canOpen ? (
                      <Anchor component={Link} to={`/new/invoice-credit-note/${n.id}`} size="sm">
                        {n.invoice_no}
                      </Anchor>
                    ) : (
                      n.invoice_no
                    )}
                  </Table.Td>
                  <Table.Td>{n.recipient_name}</Table.Td>
                  <Table.Td ta="right">
                    <Money amount={n.gross_total} />
                  </Table.Td>
                  {canDownload && (
                    <Table.Td ta="right">
                      <PdfButtons number={n.invoice_no} save={(view) => saveInvoicePdf(n.id, view)} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}

/** `/seller-reclaim/{id}` (the shop and its reseller) and `/reclaim-request/{id}` (the superadmin). */
export function ReclamationDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().reclaimId);
  const query = useReclamation(id);
  return (
    <>
      <PageHeader title={t('reclamations.title', { id })} />
      <QueryState query={query}>{(r) => <ReclamationView r={r} />}</QueryState>
    </>
  );
}
