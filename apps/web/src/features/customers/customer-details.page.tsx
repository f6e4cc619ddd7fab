import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CustomerDetails } from '@portal/contract/customers';
import { FEATURE_FLAGS } from '@portal/contract/roles';
import { RULES } from '@portal/contract/rules';
import { IconCoins, IconListDetails, IconPackage, IconPencil, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { useFormatters } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PasswordRules } from '../../ui/password-rules.tsx';
import { WalletHistory } from '../credit/ledger-table.tsx';
import {
  useChangePassword,
  useCustomerDetails,
  useUpdateApiDetails,
  useUpdateCustomerStatus,
  useUpdateOtp,
  useUpdateRemarks,
} from './customers.queries.ts';
import { fieldChecks } from './validation.ts';

/** `/customer/details/{customerId}`: everything about one customer, and the changes that have their own call. */
export function CustomerDetailsPage() {
  const { t } = useTranslation();
  const customerId = Number(useParams().customerId);
  const details = useCustomerDetails(customerId);
  const canChange = useCan(RULES.customersChange);
  const canCredit = useCan(RULES.credit);
  const canAssign = useCan(RULES.assignProducts);
  const canSeeMoney = useCan(RULES.balances);

  if (details.isError)
    return <ErrorState message={describeError(t, details.error)} onRetry={() => details.refetch()} />;
  if (!details.data) return <PageLoader />;
  const c = details.data;

  return (
    <>
      <PageHeader
        title={c.name}
        description={
          <Group gap="xs" component="span">
            <span>
              {t('customers.number')} {c.customer_id}
              {c.username ? ` · ${c.username}` : ''}
            </span>
            <Badge variant="light" color={c.is_active ? 'teal' : 'gray'}>
              {t(c.is_active ? 'customers.active' : 'customers.inactive')}
            </Badge>
          </Group>
        }
        actions={
          <>
            {canChange && (
              <Button component={Link} to={`/customer/edit/${c.customer_id}`} leftSection={<IconPencil size={16} />}>
                {t('customers.edit')}
              </Button>
            )}
            {canAssign && (
              <Button
                component={Link}
                to={`/customer/${c.customer_id}/pad`}
                variant="default"
                leftSection={<IconPackage size={16} />}
              >
                {t('screen.customerPad')}
              </Button>
            )}
            {canCredit && (
              <Button
                component={Link}
                to={`/customer/${c.customer_id}/credit/add`}
                variant="default"
                leftSection={<IconCoins size={16} />}
              >
                {t('screen.creditAdd')}
              </Button>
            )}
            {canCredit && (
              <Button
                component={Link}
                to={`/customer/${c.customer_id}/credit/auto`}
                variant="default"
                leftSection={<IconRefresh size={16} />}
              >
                {t('screen.autoCredit')}
              </Button>
            )}
            {canSeeMoney && (
              <Button
                component={Link}
                to={`/admin/customer-ledger?customer_id=${c.customer_id}`}
                variant="default"
                leftSection={<IconListDetails size={16} />}
              >
                {t('screen.customerLedger')}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure label={t('credit.balance')} testId="customer-balance">
            <Money amount={c.balance ?? '0'} />
          </Figure>
          <Figure label={t('credit.outstandingCredit')} testId="customer-outstanding">
            <Money amount={c.outstanding_credit ?? '0'} />
          </Figure>
          <Figure label={t('credit.creditLimit')} testId="customer-limit">
            <Money amount={c.credit_limit ?? '0'} />
          </Figure>
        </SimpleGrid>
        <Overview c={c} />
        {canChange && <ChangePanels c={c} />}
        {canSeeMoney && (
          <Paper withBorder radius="md" p="lg">
            <Title order={2} fz="h4" mb="md">
              {t('credit.walletHistory')}
            </Title>
            <WalletHistory customerId={c.customer_id} urlPrefix="w_" />
          </Paper>
        )}
      </Stack>
    </>
  );
}

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {children}
      </Text>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{empty ? '—' : children}</Text>
    </div>
  );
}

function Overview({ c }: { c: CustomerDetails }) {
  const { t } = useTranslation();
  const { money } = useFormatters();
  const yes = (v: 0 | 1) => t(v ? 'common.yes' : 'common.no');
  const address = [
    [c.address.address, c.address.house_no].filter(Boolean).join(' '),
    [c.address.postal, c.address.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const timings = c.shop_timings
    ? Object.entries(c.shop_timings)
        .filter(([, span]) => span)
        .map(([day, span]) => `${t(`customers.weekday.${day as 'mon'}`)} ${span?.open}–${span?.close}`)
        .join(', ')
    : '';
  const images = (
    [
      ['invoice_logo', t('customers.invoiceLogo')],
      ['invoice_header_image', t('customers.invoiceHeaderImage')],
      ['invoice_footer_image', t('customers.invoiceFooterImage')],
      ['login_logo', t('customers.loginLogo')],
    ] as const
  ).filter(([key]) => c[key]);
  return (
    <Paper withBorder radius="md" p="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <Field label={t('customers.contactName')}>{c.contact_name}</Field>
        <Field label={t('customers.organisationType')}>{c.organisation_type}</Field>
        <Field label={t('customers.email')}>{c.email}</Field>
        <Field label={t('customers.mobile')}>{c.mobile}</Field>
        <Field label={t('customers.alternativeMobiles')}>{(c.alternative_mobiles ?? []).join(', ')}</Field>
        <Field label={t('customers.address')}>{address}</Field>
        <Field label={t('assignments.defaultSlab')}>{c.discount_slab_name}</Field>
        <Field label={t('credit.autoCredit')}>
          {c.auto_credit
            ? t('credit.autoCreditRule', {
                trigger: money(c.balance_trigger ?? '0'),
                topup: money(c.balance_topup ?? '0'),
              })
            : t('common.no')}
        </Field>
        {c.account_role === 1 && <Field label={t('customers.subDomain')}>{c.sub_domain}</Field>}
        <Field label={t('customers.smsSenderId')}>{c.sms_sender_id}</Field>
        {c.account_role === 2 && (
          <>
            <Field label={t('customers.shopType')}>{c.shop_type}</Field>
            <Field label={t('customers.shopTimings')}>{timings}</Field>
            <Field label={t('customers.lunch')}>{c.lunch ? `${c.lunch.from}–${c.lunch.to}` : null}</Field>
            <Field label={t('customers.holidays')}>{c.holidays.join(', ')}</Field>
            <Field label={t('customers.terminalLimit')}>{c.terminal_limit}</Field>
            <Field label={t('customers.maskSellerDiscount')}>{yes(c.mask_seller_discount)}</Field>
          </>
        )}
        <Field label={t('customers.enableOtp')}>
          {c.enable_otp ? t(c.otp_type === 'email' ? 'customers.otpEmail' : 'customers.otpSms') : t('common.no')}
        </Field>
        <Field label={t('customers.apiEnabled')}>{yes(c.api_enabled)}</Field>
        <Field label={t('customers.created')}>
          <DateTime value={c.created_at} />
        </Field>
        {c.stopped_at && (
          <Field label={t('customers.stoppedAt')}>
            <DateTime value={c.stopped_at} />
          </Field>
        )}
        <Field label={t('flags.title')}>
          {FEATURE_FLAGS.filter((f) => c.features.includes(f))
            .map((f) => t(`flags.${f}`))
            .join(', ')}
        </Field>
        <Field label={t('customers.remarks')}>{c.remarks}</Field>
      </SimpleGrid>
      {images.length > 0 && (
        <Group mt="md" gap="lg">
          {images.map(([key, label]) => (
            <Stack key={key} gap={4}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Image src={c[key]} alt={label} h={56} w={140} fit="contain" />
            </Stack>
          ))}
        </Group>
      )}
      {c.sub_domain && c.account_role === 1 && (
        <Text size="sm" mt="md">
          <Anchor href={`https://${c.sub_domain}/`} target="_blank" rel="noreferrer">
            {c.sub_domain}
          </Anchor>
        </Text>
      )}
    </Paper>
  );
}

/** The changes with their own call: status, OTP, remarks, API access and the main user's password. */
function ChangePanels({ c }: { c: CustomerDetails }) {
  const { t } = useTranslation();
  const status = useUpdateCustomerStatus();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <FormSection title={t('customers.status')} cols={1}>
        <Switch
          checked={c.is_active === 1}
          disabled={status.isPending}
          label={t(c.is_active ? 'customers.active' : 'customers.inactive')}
          description={t('customers.statusHint')}
          onChange={(e) => status.mutate({ customer_id: c.customer_id, is_active: e.currentTarget.checked ? 1 : 0 })}
        />
      </FormSection>
      <OtpPanel c={c} />
      <RemarksPanel c={c} />
      <ApiPanel c={c} />
      {c.username && <PasswordPanel username={c.username} />}
    </SimpleGrid>
  );
}

function OtpPanel({ c }: { c: CustomerDetails }) {
  const { t } = useTranslation();
  const save = useUpdateOtp();
  const form = useForm({ initialValues: { enable_otp: c.enable_otp === 1, otp_type: c.otp_type ?? 'sms' } });
  return (
    <ApiForm
      form={form}
      mutation={save}
      toInput={(v) => ({ customer_id: c.customer_id, enable_otp: v.enable_otp, otp_type: v.otp_type })}
      successMessage={t('customers.otpSaved')}
    >
      <FormSection title={t('customers.otpTitle')} cols={1}>
        <Switch label={t('customers.enableOtp')} {...form.getInputProps('enable_otp', { type: 'checkbox' })} />
        <SegmentedControl
          aria-label={t('customers.otpType')}
          disabled={!form.values.enable_otp}
          data={[
            { value: 'sms', label: t('customers.otpSms') },
            { value: 'email', label: t('customers.otpEmail') },
          ]}
          {...form.getInputProps('otp_type')}
        />
      </FormSection>
    </ApiForm>
  );
}

function RemarksPanel({ c }: { c: CustomerDetails }) {
  const { t } = useTranslation();
  const save = useUpdateRemarks();
  const form = useForm({ initialValues: { remarks: c.remarks ?? '' } });
  return (
    <ApiForm
      form={form}
      mutation={save}
      toInput={(v) => ({ customer_id: c.customer_id, remarks: v.remarks.trim() })}
      successMessage={t('customers.remarksSaved')}
    >
      <FormSection title={t('customers.remarks')} cols={1}>
        <Textarea
          aria-label={t('customers.remarks')}
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('remarks')}
        />
      </FormSection>
    </ApiForm>
  );
}

function ApiPanel({ c }: { c: CustomerDetails }) {
  const { t } = useTranslation();
  const check = useMemo(() => fieldChecks(t), [t]);
  const save = useUpdateApiDetails();
  const form = useForm({
    initialValues: {
      api_enabled: c.api_enabled === 1,
      api_allowed_ips: c.api_allowed_ips ?? [],
      api_callback_url: c.api_callback_url ?? '',
    },
    validate: { api_callback_url: check.httpsUrl, api_allowed_ips: check.ips },
  });
  return (
    <ApiForm
      form={form}
      mutation={save}
      toInput={(v) => ({
        customer_id: c.customer_id,
        api_enabled: v.api_enabled,
        api_allowed_ips: v.api_allowed_ips,
        api_callback_url: v.api_callback_url.trim() || null,
      })}
      successMessage={t('customers.apiSaved')}
    >
      <FormSection title={t('customers.sectionApi')} description={t('customers.sectionApiHint')} cols={1}>
        <Switch label={t('customers.apiEnabled')} {...form.getInputProps('api_enabled', { type: 'checkbox' })} />
        <TextInput
          label={t('customers.apiCallbackUrl')}
          placeholder="https://"
          {...form.getInputProps('api_callback_url')}
        />
        <TagsInput
          label={t('customers.apiAllowedIps')}
          description={t('customers.apiAllowedIpsHint')}
          maxTags={20}
          {...form.getInputProps('api_allowed_ips')}
        />
      </FormSection>
    </ApiForm>
  );
}

/** An operator sets a new password for the customer's main user (`/api/change_password/`); its sessions end. */
function PasswordPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const check = useMemo(() => fieldChecks(t), [t]);
  const save = useChangePassword();
  const form = useForm({
    initialValues: { new_password: '', confirm_password: '' },
    validate: {
      new_password: (v) => check.password(v),
      confirm_password: (v, values) => (v === values.new_password ? null : t('form.passwordMismatch')),
    },
  });
  return (
    <ApiForm
      form={form}
      mutation={save}
      toInput={(v) => ({ username, ...v })}
      successMessage={t('customers.passwordChanged')}
      onSuccess={() => form.reset()}
      submitLabel={t('customers.changePassword')}
    >
      <FormSection
        title={t('customers.passwordTitle')}
        description={t('customers.passwordPanelHint', { username })}
        cols={1}
      >
        <PasswordInput
          label={t('customers.newPassword')}
          autoComplete="new-password"
          {...form.getInputProps('new_password')}
        />
        <PasswordRules password={form.values.new_password} />
        <PasswordInput
          label={t('customers.confirmPassword')}
          autoComplete="new-password"
          {...form.getInputProps('confirm_password')}
        />
      </FormSection>
    </ApiForm>
  );
}
