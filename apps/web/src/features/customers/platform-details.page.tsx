import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type PlatformDetails, updatePlatformDetailsBody } from '@portal/contract/platform-details';
import { useTranslation } from 'react-i18next';
import { CONTACT_MESSAGES, zodValidate } from '../../lib/zod-form.ts';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { usePlatformDetails, useSavePlatformDetails } from './customers.queries.ts';
import { LEGAL_FIELDS, type PlatformFormValues, platformDetailsInput, platformFormValues } from './invoice-data.ts';
import { AddressFields, FormImageField, LegalSection } from './invoice-data-fields.tsx';

/** `/platform-details`: the issuer data of the platform's invoices to its resellers (decision 0095). */
export function PlatformDetailsPage() {
  const { t } = useTranslation();
  const details = usePlatformDetails();
  return (
    <>
      <PageHeader title={t('screen.platformDetails')} description={t('customers.platform.description')} />
      <QueryState query={details}>{(data) => <PlatformDetailsForm details={data} />}</QueryState>
    </>
  );
}

/** The body names the legal fields at its top; the form holds them under `legal`. */
const legalField = (path: string) => (LEGAL_FIELDS.some((f) => f === path) ? `legal.${path}` : path);

function PlatformDetailsForm({ details }: { details: PlatformDetails }) {
  const { t } = useTranslation();
  const save = useSavePlatformDetails();
  const form = useForm<PlatformFormValues>({
    mode: 'controlled',
    initialValues: platformFormValues(details),
    validate: zodValidate(updatePlatformDetailsBody, t, {
      toBody: platformDetailsInput,
      messages: CONTACT_MESSAGES,
      field: legalField,
    }),
  });
  return (
    <ApiForm
      form={form}
      mutation={save}
      toInput={platformDetailsInput}
      successMessage={t('customers.platform.saved')}
      onSuccess={(saved) => form.setInitialValues(platformFormValues(saved))}
    >
      <FormSection title={t('customers.platform.sectionCompany')}>
        <TextInput label={t('customers.name')} required {...form.getInputProps('name')} />
        <TextInput label={t('customers.email')} type="email" {...form.getInputProps('email')} />
        <AddressFields form={form} />
      </FormSection>
      <LegalSection form={form} />
      <FormSection title={t('customers.platform.sectionImages')}>
        <FormImageField form={form} field="invoice_logo" label={t('customers.invoiceLogo')} />
        <FormImageField form={form} field="invoice_header_image" label={t('customers.invoiceHeaderImage')} />
        <FormImageField form={form} field="invoice_footer_image" label={t('customers.invoiceFooterImage')} />
      </FormSection>
    </ApiForm>
  );
}
