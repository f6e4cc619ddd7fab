import { ActionIcon, Badge, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type MultiTopupBody, multiTopupBody, sumAmounts } from '@portal/contract/credit';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountProblem } from '../../lib/amount.ts';
import { customerSource } from '../../lib/customer-lookup.ts';
import { useFormatters } from '../../lib/format.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { CustomerPicker } from '../../ui/customer-picker.tsx';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { type MultiTopupResult, useMultiTopup } from './credit.queries.ts';
import { MovementTypeControl, PaymentMethodControl, RemarksField } from './credit-movement-fields.tsx';

interface Row {
  key: number;
  customer_id: number | null;
  /** The picked customer's name, for the question before booking; not sent. */
  name?: string;
  amount: string;
}

interface MultiValues {
  type: 'credit' | 'payment';
  method: 'cash' | 'transfer';
  remarks: string;
  rows: Row[];
}

const MAX_ROWS = 200;
/** The question lists this many bookings by name; the rest are counted. */
const NAMED_ROWS = 10;
let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, customer_id: null, amount: '' });

/** The call's body from the form: the contract's `multiTopupBody` checks it in the browser and on the server. */
function multiBody(v: MultiValues): MultiTopupBody {
  return {
    type: v.type,
    ...(v.type === 'payment' ? { method: v.method } : {}),
    ...(v.remarks.trim() ? { remarks: v.remarks.trim() } : {}),
    customers: v.rows.map((r) => ({ customer_id: r.customer_id ?? 0, amount: r.amount })),
  };
}

function repeatedCustomers(v: MultiValues, message: string): Record<string, string> {
  return Object.fromEntries(
    v.rows.flatMap((r, index) =>
      r.customer_id !== null && v.rows.findIndex((o) => o.customer_id === r.customer_id) < index
        ? [[`rows.${index}.customer_id`, message]]
        : [],
    ),
  );
}

/** `/customer/credit/multi`: one amount for each of several customers; each is booked on its own. */
export function CreditMultiPage() {
  const { t } = useTranslation();
  const multi = useMultiTopup();
  const [result, setResult] = useState<MultiTopupResult | null>(null);
  const form = useForm<MultiValues>({
    initialValues: { type: 'credit', method: 'cash', remarks: '', rows: [emptyRow(), emptyRow()] },
    validate: (values) => ({
      // The server books a repeated customer as a second top-up; in this form a second row for one is a slip.
      ...repeatedCustomers(values, t('credit.duplicateCustomer')),
      ...zodValidate(multiTopupBody, t, { toBody: multiBody, field: (path) => path.replace(/^customers\./, 'rows.') })(
        values,
      ),
    }),
  });
  const total = sumAmounts(
    form.values.rows.filter((r) => amountProblem(r.amount, { positive: true }) === null).map((r) => r.amount),
  );
  const { money } = useFormatters();
  // Every booking is a ledger entry (decision 0134): asked first with who gets how much, no undo; the toast
  // says how many passed, as only the answer knows.
  const confirmBookings = (body: MultiTopupBody) => {
    const count = body.customers.length;
    const named = form.values.rows.slice(0, NAMED_ROWS);
    const facts = {
      count,
      total: money(sumAmounts(body.customers.map((c) => c.amount))),
      method: body.method ? t(`credit.methods.${body.method}`) : '',
    };
    return {
      title: t('safeActions.credit.multiTitle', { count }),
      consequence: (
        <Stack gap="xs">
          <Text>
            {t(body.type === 'credit' ? 'safeActions.credit.multiCredit' : 'safeActions.credit.multiPayment', facts)}
          </Text>
          <List size="sm">
            {named.map((row) => (
              <List.Item key={row.key}>
                {t('safeActions.credit.row', {
                  name: row.name ?? t('safeActions.credit.customer', { id: row.customer_id }),
                  amount: money(row.amount),
                })}
              </List.Item>
            ))}
            {count > named.length && (
              <List.Item>{t('safeActions.credit.more', { count: count - named.length })}</List.Item>
            )}
          </List>
          <Text size="sm">{t('safeActions.credit.multiFinal')}</Text>
        </Stack>
      ),
      confirmLabel: t('credit.bookAll', { count }),
      done: (r: MultiTopupResult) => ({
        message: t('credit.multiResult', { succeeded: r.succeeded, failed: r.failed }),
      }),
    };
  };

  return (
    <>
      <PageHeader title={t('screen.creditMulti')} description={t('credit.multiDescription')} />
      <ApiForm
        form={form}
        mutation={multi}
        toInput={multiBody}
        confirm={confirmBookings}
        onSuccess={(r) => {
          setResult(r);
          if (r.failed === 0) form.setFieldValue('rows', [emptyRow(), emptyRow()]);
        }}
        submitLabel={t('credit.bookAll', { count: form.values.rows.length })}
      >
        <FormSection title={t('credit.movement')} cols={1}>
          <Group>
            <MovementTypeControl {...form.getInputProps('type')} />
            <PaymentMethodControl type={form.values.type} {...form.getInputProps('method')} />
          </Group>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('customers.customer')}</Table.Th>
                <Table.Th w={200}>{t('credit.amount')}</Table.Th>
                <Table.Th w={50} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.rows.map((row, index) => (
                <Table.Tr key={row.key}>
                  <Table.Td>
                    <CustomerPicker
                      source={customerSource}
                      label={t('credit.rowCustomer', { number: index + 1 })}
                      value={row.customer_id}
                      onChange={(id, name) => {
                        form.setFieldValue(`rows.${index}.customer_id`, id);
                        form.setFieldValue(`rows.${index}.name`, name);
                      }}
                      error={form.errors[`rows.${index}.customer_id`] as string | undefined}
                    />
                  </Table.Td>
                  <Table.Td>
                    <AmountInput
                      label={t('credit.rowAmount', { number: index + 1 })}
                      {...form.getInputProps(`rows.${index}.amount`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={24}
                      disabled={form.values.rows.length === 1}
                      onClick={() => form.removeListItem('rows', index)}
                      aria-label={t('credit.removeRow', { number: index + 1 })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              disabled={form.values.rows.length >= MAX_ROWS}
              onClick={() => form.insertListItem('rows', emptyRow())}
            >
              {t('credit.addRow')}
            </Button>
            <Text fw={600}>
              {t('credit.total')}: <Money amount={total} />
            </Text>
          </Group>
          <RemarksField {...form.getInputProps('remarks')} />
        </FormSection>
      </ApiForm>
      {result && <MultiResult result={result} />}
    </>
  );
}

function MultiResult({ result }: { result: MultiTopupResult }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('credit.multiResult', { succeeded: result.succeeded, failed: result.failed })} cols={1}>
      <Table data-testid="multi-result">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('customers.number')}</Table.Th>
            <Table.Th>{t('customers.status')}</Table.Th>
            <Table.Th ta="right">{t('credit.balance')}</Table.Th>
            <Table.Th ta="right">{t('credit.outstandingCredit')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.results.map((r) => (
            <Table.Tr key={r.customer_id}>
              <Table.Td>{r.customer_id}</Table.Td>
              <Table.Td>
                {r.status === 'success' ? (
                  <Badge color="teal" variant="light">
                    {t('credit.booked')}
                  </Badge>
                ) : (
                  <Group gap="xs">
                    <Badge color="red" variant="light">
                      {t('credit.refused')}
                    </Badge>
                    <Text size="sm">
                      {t(`errors.codes.${r.code as 'credit_limit_exceeded'}`, { defaultValue: r.message })}
                    </Text>
                  </Group>
                )}
              </Table.Td>
              <Table.Td ta="right">{r.status === 'success' ? <Money amount={r.balance} /> : '—'}</Table.Td>
              <Table.Td ta="right">{r.status === 'success' ? <Money amount={r.outstanding_credit} /> : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </FormSection>
  );
}
