import { SimpleGrid, Switch, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CustomerDetails, updateCustomerOtpBody, updateCustomerRemarksBody } from '@portal/contract/customers';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../lib/zod-form.ts';
import { ApiForm, FormSection } from '../../../ui/form-kit.tsx';
import { useUpdateOtp, useUpdateRemarks } from '../customers.queries.ts';
import { OtpFields } from '../otp-fields.tsx';
import { useCustomerStatusChange } from '../status-change.tsx';
import { ApiPanel } from './api-panel.tsx';
import { PasswordPanel } from './password-panel.tsx';

/** The changes with their own call: status, OTP, remarks, API access and the main user's password. */
export function ChangePanels({ c }: { c: CustomerDetails }) {
  const { t } = useTranslation();
  const status = useCustomerStatusChange();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <FormSection title={t('customers.status')} cols={1}>
        <Switch
          checked={c.is_active === 1}
          disabled={status.busy(c.customer_id)}
          label={t(c.is_active ? 'customers.active' : 'customers.inactive')}
          description={t('customers.statusHint')}
          onChange={(e) => status.change(c, e.currentTarget.checked)}
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
  const toBody = (v: { enable_otp: boolean; otp_type: 'sms' | 'email' }) => ({
    customer_id: c.customer_id,
    enable_otp: v.enable_otp,
    otp_type: v.otp_type,
  });
  const form = useForm({
    initialValues: { enable_otp: c.enable_otp === 1, otp_type: c.otp_type ?? 'sms' },
    validate: zodValidate(updateCustomerOtpBody, t, { toBody }),
  });
  return (
    <ApiForm form={form} mutation={save} toInput={toBody} successMessage={t('customers.otpSaved')}>
      <FormSection title={t('customers.otpTitle')} cols={1}>
        <OtpFields
          enabled={form.values.enable_otp}
          enable={form.getInputProps('enable_otp', { type: 'checkbox' })}
          channel={form.getInputProps('otp_type')}
        />
      </FormSection>
    </ApiForm>
  );
}

function RemarksPanel({ c }: { c: CustomerDetails }) {
  const { t } = useTranslation();
  const save = useUpdateRemarks();
  const toBody = (v: { remarks: string }) => ({ customer_id: c.customer_id, remarks: v.remarks.trim() });
  const form = useForm({
    initialValues: { remarks: c.remarks ?? '' },
    validate: zodValidate(updateCustomerRemarksBody, t, { toBody }),
  });
  return (
    <ApiForm form={form} mutation={save} toInput={toBody} successMessage={t('customers.remarksSaved')}>
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
