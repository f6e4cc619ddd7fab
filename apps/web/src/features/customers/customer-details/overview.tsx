import { Anchor, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CustomerDetails } from '@portal/contract/customers';
import { FEATURE_FLAGS } from '@portal/contract/roles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';
import { DateTime } from '../../../ui/date-time.tsx';
import { LEGAL_FIELDS } from '../invoice-data.ts';

export function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
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

export function Overview({ c }: { c: CustomerDetails }) {
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
        {LEGAL_FIELDS.filter((f) => c[f]).map((f) => (
          <Field key={f} label={t(`customers.legal.${f}`)}>
            {f === 'legal_form' && c.legal_form
              ? t(`customers.legalForms.${c.legal_form}`)
              : f === 'register_type' && c.register_type
                ? t(`customers.registerTypes.${c.register_type}`)
                : c[f]}
          </Field>
        ))}
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
