import { Badge, Button, Group, Paper, Select, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LOW_BALANCE_NOTICES, type LowBalanceNotice } from '@portal/contract/alerts';
import { type AutoCreditRow, type UpdateAutoCreditBody, updateAutoCreditBody } from '@portal/contract/credit';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { amountOrUndefined } from '../../lib/amount.ts';
import { customerSource } from '../../lib/customer-lookup.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { CustomerPicker } from '../../ui/customer-picker.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import {
  type AutoCreditSettings,
  creditKeys,
  findAutoCreditLedger,
  useAutoCreditSettings,
  useUpdateAutoCredit,
} from './credit.queries.ts';

// The job's reasons as the server records them, shown in the user's language.
const REASON_KEYS = {
  'auto credit is off': 'credit.autoReason.off',
  'credit limit must not be exceeded': 'credit.autoReason.noRoom',
  'limited by the credit limit': 'credit.autoReason.limited',
} as const;

const STATUS_COLOURS: Record<AutoCreditRow['status'], string> = { pending: 'yellow', done: 'teal', skipped: 'gray' };

/**
 * `/customer/{customerId}/credit/auto` (one customer's rule and its top-ups) and `/customer/credit/auto` (choose a
 * customer; every customer's automatic top-ups).
 */
export function AutoCreditPage() {
  const { t } = useTranslation();
  const customerId = Number(useParams().customerId) || undefined;
  return (
    <>
      <PageHeader title={t('screen.autoCredit')} description={t('credit.autoDescription')} />
      {customerId ? <AutoCreditSettingsPanel customerId={customerId} /> : <ChooseCustomer />}
      <Title order={2} fz="h4" mt="xl" mb="sm">
        {t('credit.autoLedger')}
      </Title>
      <AutoCreditLedger customerId={customerId} />
    </>
  );
}

function ChooseCustomer() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [customerId, setCustomerId] = useState<number | null>(null);
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end">
        <CustomerPicker source={customerSource} value={customerId} onChange={setCustomerId} w={420} />
        <Button
          rightSection={<IconArrowRight size={16} />}
          disabled={!customerId}
          onClick={() => navigate(`/customer/${customerId}/credit/auto`)}
        >
          {t('credit.autoOpen')}
        </Button>
      </Group>
    </Paper>
  );
}

function AutoCreditSettingsPanel({ customerId }: { customerId: number }) {
  const settings = useAutoCreditSettings(customerId);
  return <QueryState query={settings}>{(data) => <AutoCreditForm settings={data} />}</QueryState>;
}

interface AutoCreditValues {
  auto_credit: boolean;
  balance_trigger: string;
  balance_topup: string;
  low_balance_notice: LowBalanceNotice;
}

/** The call's body from the form: the contract's `updateAutoCreditBody` checks it in the browser and on the server. */
function autoCreditBody(customerId: number, v: AutoCreditValues): UpdateAutoCreditBody {
  return {
    customer_id: customerId,
    auto_credit: v.auto_credit,
    balance_trigger: amountOrUndefined(v.balance_trigger),
    balance_topup: amountOrUndefined(v.balance_topup),
    low_balance_notice: v.low_balance_notice,
  };
}

function AutoCreditForm({ settings }: { settings: AutoCreditSettings }) {
  const { t } = useTranslation();
  const save = useUpdateAutoCredit();
  const toBody = (v: AutoCreditValues) => autoCreditBody(settings.customer_id, v);
  const form = useForm<AutoCreditValues>({
    initialValues: {
      auto_credit: settings.auto_credit === 1,
      balance_trigger: settings.balance_trigger ?? '',
      balance_topup: settings.balance_topup ?? '',
      low_balance_notice: settings.low_balance_notice,
    },
    validate: zodValidate(updateAutoCreditBody, t, { toBody }),
  });
  return (
    <ApiForm
      form={form}
      mutation={save}
      toInput={toBody}
      successMessage={t('credit.autoSaved')}
      cancelTo={`/customer/details/${settings.customer_id}`}
    >
      <FormSection title={t('credit.autoRule')} description={t('credit.autoRuleHint')}>
        <Switch label={t('credit.autoCredit')} {...form.getInputProps('auto_credit', { type: 'checkbox' })} />
        <Text size="sm" c="dimmed">
          {t('customers.number')} {settings.customer_id} ·{' '}
          <Link to={`/customer/details/${settings.customer_id}`}>{t('customers.details')}</Link>
        </Text>
        <AmountInput label={t('credit.balanceTrigger')} {...form.getInputProps('balance_trigger')} />
        <AmountInput label={t('credit.balanceTopup')} {...form.getInputProps('balance_topup')} />
        <Select
          label={t('credit.lowBalanceNotice')}
          description={t('credit.lowBalanceNoticeHint')}
          data={LOW_BALANCE_NOTICES.map((value) => ({ value, label: t(`credit.lowBalanceNoticeOptions.${value}`) }))}
          allowDeselect={false}
          {...form.getInputProps('low_balance_notice')}
          onChange={(value) => value && form.setFieldValue('low_balance_notice', value as LowBalanceNotice)}
        />
      </FormSection>
    </ApiForm>
  );
}

function AutoCreditLedger({ customerId }: { customerId?: number }) {
  const { t } = useTranslation();
  const columns: Column<AutoCreditRow>[] = [
    { key: 'date', header: t('credit.date'), render: (r) => <DateTime value={r.created_at} /> },
    ...(customerId
      ? []
      : [
          {
            key: 'customer',
            header: t('customers.customer'),
            render: (r: AutoCreditRow) => <Link to={`/customer/${r.customer_id}/credit/auto`}>{r.customer_name}</Link>,
          },
        ]),
    {
      key: 'before',
      header: t('credit.balanceBefore'),
      align: 'right',
      render: (r) => <Money amount={r.balance_before} />,
    },
    {
      key: 'trigger',
      header: t('credit.balanceTrigger'),
      align: 'right',
      render: (r) => <Money amount={r.balance_trigger} />,
    },
    { key: 'requested', header: t('credit.requested'), align: 'right', render: (r) => <Money amount={r.requested} /> },
    {
      key: 'granted',
      header: t('credit.granted'),
      align: 'right',
      render: (r) => (r.granted === null ? '—' : <Money amount={r.granted} />),
    },
    {
      key: 'status',
      header: t('customers.status'),
      render: (r) => (
        <div>
          <Badge variant="light" color={STATUS_COLOURS[r.status]}>
            {t(`credit.autoStatus.${r.status}`)}
          </Badge>
          {r.reason && (
            <Text size="xs" c="dimmed">
              {r.reason in REASON_KEYS ? t(REASON_KEYS[r.reason as keyof typeof REASON_KEYS]) : r.reason}
            </Text>
          )}
        </div>
      ),
    },
  ];
  return (
    <DataTable
      queryKey={creditKeys.autoLedger(customerId ?? 'all')}
      queryFn={(request) => findAutoCreditLedger(customerId, request)}
      columns={columns}
      rowKey={(r) => r.id}
      defaultFilters={{}}
    />
  );
}
