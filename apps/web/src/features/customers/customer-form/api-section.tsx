import { Switch, TagsInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormSection } from '../../../ui/form-kit.tsx';
import type { CustomerForm } from '../customer-form.ts';

export function ApiSection({ form }: { form: CustomerForm }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('customers.sectionApi')} description={t('customers.sectionApiHint')}>
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
  );
}
