import { Switch, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CustomerDetails } from '@portal/contract/customers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldChecks } from '../../../lib/field-checks.ts';
import { ApiForm, FormSection } from '../../../ui/form-kit.tsx';
import { useUpdateApiDetails } from '../customers.queries.ts';

export function ApiPanel({ c }: { c: CustomerDetails }) {
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
