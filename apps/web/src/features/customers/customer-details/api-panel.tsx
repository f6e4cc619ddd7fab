import { Switch, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CustomerDetails, updateCustomerApiBody } from '@portal/contract/customers';
import { useTranslation } from 'react-i18next';
import { CONTACT_MESSAGES, zodValidate } from '../../../lib/zod-form.ts';
import { ApiForm, FormSection } from '../../../ui/form-kit.tsx';
import { useUpdateApiDetails } from '../customers.queries.ts';

export function ApiPanel({ c }: { c: CustomerDetails }) {
  const { t } = useTranslation();
  const save = useUpdateApiDetails();
  const toBody = (v: { api_enabled: boolean; api_allowed_ips: string[]; api_callback_url: string }) => ({
    customer_id: c.customer_id,
    api_enabled: v.api_enabled,
    api_allowed_ips: v.api_allowed_ips,
    api_callback_url: v.api_callback_url.trim() || null,
  });
  const form = useForm({
    initialValues: {
      api_enabled: c.api_enabled === 1,
      api_allowed_ips: c.api_allowed_ips ?? [],
      api_callback_url: c.api_callback_url ?? '',
    },
    validate: zodValidate(updateCustomerApiBody, t, {
      toBody,
      messages: CONTACT_MESSAGES,
      field: (path) => path.replace(/^api_allowed_ips\.\d+$/, 'api_allowed_ips'),
    }),
  });
  return (
    <ApiForm form={form} mutation={save} toInput={toBody} successMessage={t('customers.apiSaved')}>
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
