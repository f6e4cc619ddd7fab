import { Alert, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AddCreditBody, addCreditBody, type WalletResult } from '@portal/contract/credit';
import { RULES } from '@portal/contract/rules';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { customerSource, useCustomerDetails } from '../../lib/customer-lookup.ts';
import { useFormatters } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { CustomerPicker } from '../../ui/customer-picker.tsx';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useAddCredit } from './credit.queries.ts';
import { MovementTypeControl, PaymentMethodControl, RemarksField } from './credit-movement-fields.tsx';

interface CreditFormValues {
  customer_id: number | null;
  type: 'credit' | 'payment';
  amount: string;
  method: 'cash' | 'transfer';
  reference: string;
  remarks: string;
}

/** The call's body from the form: the contract's `addCreditBody` checks it in the browser and on the server. */
function creditBody(v: CreditFormValues): AddCreditBody {
  return {
    customer_id: v.customer_id ?? 0,
    type: v.type,
    amount: v.amount,
    ...(v.type === 'payment' ? { method: v.method } : {}),
    ...(v.reference.trim() ? { reference: v.reference.trim() } : {}),
    ...(v.remarks.trim() ? { remarks: v.remarks.trim() } : {}),
  };
}

/**
 * `/customer/credit/add` and `/customer/{customerId}/credit/add`: a credit top-up (the customer owes it) or a received
 * payment (settles outstanding credit first, the rest raises the balance).
 */
export function CreditAddPage() {
  const { t } = useTranslation();
  const fixed = Number(useParams().customerId) || null;
  const add = useAddCredit();
  const [result, setResult] = useState<WalletResult | null>(null);
  const [pickedName, setPickedName] = useState<string | undefined>();
  const { money } = useFormatters();
  const form = useForm<CreditFormValues>({
    initialValues: { customer_id: fixed, type: 'credit', amount: '', method: 'cash', reference: '', remarks: '' },
    validate: zodValidate(addCreditBody, t, { toBody: creditBody }),
  });
  const customerId = form.values.customer_id;
  const canView = useCan(RULES.customersView);
  const canSeeMoney = useCan(RULES.balances);
  const details = useCustomerDetails(customerId ?? 0, canView && customerId !== null);
  // A booking is a ledger entry (decision 0134): asked first with whom it reaches and how much, no undo.
  const confirmBooking = (body: AddCreditBody) => {
    const name = details.data?.name ?? pickedName ?? t('safeActions.credit.customer', { id: body.customer_id });
    const facts = { name, amount: money(body.amount) };
    const kind = body.type;
    return {
      title: t(`safeActions.credit.${kind}Title`, facts),
      consequence: `${t(`safeActions.credit.${kind}`, {
        ...facts,
        method: body.method ? t(`credit.methods.${body.method}`) : '',
      })} ${t('safeActions.credit.final')}`,
      confirmLabel: t(kind === 'credit' ? 'credit.giveCredit' : 'credit.recordPayment'),
      done: { message: t(`safeActions.credit.${kind}Done`, facts) },
    };
  };

  return (
    <>
      <PageHeader
        title={details.data ? t('credit.addFor', { name: details.data.name }) : t('screen.creditAdd')}
        description={t('credit.addDescription')}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ApiForm
          form={form}
          mutation={add}
          toInput={creditBody}
          confirm={confirmBooking}
          onSuccess={(r) => {
            setResult(r);
            form.setValues({ amount: '', reference: '', remarks: '' });
          }}
          submitLabel={t(form.values.type === 'credit' ? 'credit.giveCredit' : 'credit.recordPayment')}
        >
          <FormSection title={t('credit.movement')} cols={1}>
            {fixed === null && (
              <CustomerPicker
                source={customerSource}
                required
                value={customerId}
                onChange={(id, name) => {
                  setResult(null);
                  setPickedName(name);
                  form.setFieldValue('customer_id', id);
                }}
                error={form.errors.customer_id as string | undefined}
              />
            )}
            <MovementTypeControl {...form.getInputProps('type')} />
            <Text size="sm" c="dimmed">
              {t(form.values.type === 'credit' ? 'credit.typeCreditHint' : 'credit.typePaymentHint')}
            </Text>
            <AmountInput label={t('credit.amount')} required {...form.getInputProps('amount')} />
            <PaymentMethodControl type={form.values.type} {...form.getInputProps('method')} />
            <TextInput label={t('credit.reference')} maxLength={120} {...form.getInputProps('reference')} />
            <RemarksField {...form.getInputProps('remarks')} />
          </FormSection>
        </ApiForm>
        <Stack>
          {result && (
            <Alert color="teal" icon={<IconCircleCheck size={18} />} title={t('credit.booked')} role="status">
              <WalletFigures wallet={result} />
            </Alert>
          )}
          {!result && details.data && (
            <Alert color="gray" title={t('credit.currentFigures')}>
              <WalletFigures wallet={details.data} />
            </Alert>
          )}
          {customerId && (
            <Group gap="md">
              {canSeeMoney && (
                <Text size="sm" component={Link} to={`/admin/customer-ledger?customer_id=${customerId}`} c="brand">
                  {t('screen.customerLedger')}
                </Text>
              )}
              {canView && (
                <Text size="sm" component={Link} to={`/customer/details/${customerId}`} c="brand">
                  {t('customers.details')}
                </Text>
              )}
            </Group>
          )}
        </Stack>
      </SimpleGrid>
    </>
  );
}

function WalletFigures({
  wallet,
}: {
  wallet: { balance: string | null; outstanding_credit: string | null; credit_limit: string | null };
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={3} data-testid="wallet-figures">
      {(
        [
          ['balance', t('credit.balance')],
          ['outstanding_credit', t('credit.outstandingCredit')],
          ['credit_limit', t('credit.creditLimit')],
        ] as const
      ).map(([key, label]) => (
        <div key={key}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} data-testid={`wallet-${key}`}>
            <Money amount={wallet[key] ?? '0'} />
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
