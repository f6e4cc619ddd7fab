import { Group, Loader, PasswordInput, Stack, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { allowedCustomerFlags } from '@portal/contract/customer-fields';
import { addCustomerBody, type CustomerDetails, editCustomerBody } from '@portal/contract/customers';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type FieldChecks, fieldChecks } from '../../../lib/field-checks.ts';
import { CONTACT_MESSAGES, zodValidate } from '../../../lib/zod-form.ts';
import { AmountInput } from '../../../ui/amount-input.tsx';
import { FlagsField } from '../../../ui/form-fields.tsx';
import { ApiForm, FormSection } from '../../../ui/form-kit.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PasswordRules } from '../../../ui/password-rules.tsx';
import {
  addCustomerInput,
  type CustomerFormValues,
  customerFormValues,
  editCustomerInput,
  sectionsFor,
} from '../customer-form.ts';
import { useSaveCustomer, useUsernameAvailable } from '../customers.queries.ts';
import { LEGAL_FIELDS } from '../invoice-data.ts';
import { AddressFields, FormImageField, LegalSection } from '../invoice-data-fields.tsx';
import { OtpFields } from '../otp-fields.tsx';
import { ApiSection } from './api-section.tsx';
import { ShopSection } from './shop-section.tsx';
import { SlabSelect } from './slab-select.tsx';

/** Where the form shows a refusal of the body: legal data under `legal`, times on their end, lists on the list. */
function customerField(path: string): string {
  const [first, second] = path.split('.');
  if (LEGAL_FIELDS.some((f) => f === first)) return `legal.${first}`;
  if (first === 'shop_timings' && second) return `shop_timings.${second}.to`;
  if (first === 'lunch') return 'lunch.to';
  if (first === 'alternative_mobiles' || first === 'api_allowed_ips' || first === 'holidays') return first;
  return path;
}

/**
 * Auto credit needs both amounts in this form (the rule of `updateAutoCreditBody`); the customer's own body takes
 * them as optional, so the form asks for them here.
 */
function autoCreditAmounts(v: CustomerFormValues, check: FieldChecks): Record<string, string> {
  if (!v.auto_credit) return {};
  const trigger = check.amount(v.balance_trigger);
  const topup = check.amount(v.balance_topup, { positive: true });
  return { ...(trigger ? { balance_trigger: trigger } : {}), ...(topup ? { balance_topup: topup } : {}) };
}

export function CustomerFormScreen({ role, details }: { role: 1 | 2; details: CustomerDetails | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const adding = details === null;
  const check = useMemo(() => fieldChecks(t), [t]);
  const offeredFlags = useMemo(() => allowedCustomerFlags(role), [role]);
  const save = useSaveCustomer();

  const form = useForm<CustomerFormValues>({
    mode: 'controlled',
    initialValues: customerFormValues(details, offeredFlags),
    validate: (values) => ({
      ...autoCreditAmounts(values, check),
      ...zodValidate(adding ? addCustomerBody : editCustomerBody, t, {
        toBody: (v: CustomerFormValues) =>
          adding ? addCustomerInput(v, role) : editCustomerInput(v, role, details.customer_id),
        messages: CONTACT_MESSAGES,
        field: customerField,
      })(values),
    }),
  });

  const [username] = useDebouncedValue(form.values.username.trim(), 400);
  const usernameFormatOk = check.username(username) === null;
  const availability = useUsernameAvailable(username, adding && usernameFormatOk);
  const usernameTaken = adding && usernameFormatOk && availability.data === false;

  const title = adding ? t('screen.customerAdd') : t('customers.editTitle', { name: details.name });
  const back = adding ? '/customers/view' : `/customer/details/${details.customer_id}`;

  return (
    <>
      <PageHeader title={title} description={t(role === 1 ? 'customers.formResellerHint' : 'customers.formShopHint')} />
      <ApiForm
        form={form}
        mutation={save}
        toInput={(v) =>
          adding ? { add: addCustomerInput(v, role) } : { edit: editCustomerInput(v, role, details.customer_id) }
        }
        successMessage={t(adding ? 'customers.added' : 'customers.saved')}
        onSuccess={(result) => navigate(`/customer/details/${result.customer_id}`)}
        cancelTo={back}
      >
        <FormSection title={t('customers.sectionAccount')}>
          <TextInput label={t('customers.name')} required {...form.getInputProps('name')} />
          <TextInput label={t('customers.organisationType')} {...form.getInputProps('organisation_type')} />
          <TextInput label={t('customers.contactName')} {...form.getInputProps('contact_name')} />
          {adding && (
            <TextInput
              label={t('customers.username')}
              required
              autoComplete="off"
              {...form.getInputProps('username')}
              error={form.errors.username ?? (usernameTaken ? t('form.usernameTaken') : undefined)}
              rightSection={
                <UsernameState
                  checking={availability.isFetching}
                  available={usernameFormatOk ? availability.data : undefined}
                />
              }
              description={availability.data === true && usernameFormatOk ? t('form.usernameAvailable') : undefined}
            />
          )}
          {adding && (
            <Stack gap="xs">
              <PasswordInput
                label={t('customers.password')}
                description={t('customers.passwordHint')}
                autoComplete="new-password"
                {...form.getInputProps('password')}
              />
              {form.values.password !== '' && <PasswordRules password={form.values.password} />}
            </Stack>
          )}
        </FormSection>

        <FormSection title={t('customers.sectionContact')}>
          <TextInput label={t('customers.email')} type="email" {...form.getInputProps('email')} />
          <TextInput label={t('customers.mobile')} type="tel" {...form.getInputProps('mobile')} />
          <TextInput
            label={t('customers.mobileConfirmation')}
            type="tel"
            {...form.getInputProps('mobile_confirmation')}
          />
          <TagsInput
            label={t('customers.alternativeMobiles')}
            description={t('customers.alternativeMobilesHint')}
            maxTags={5}
            {...form.getInputProps('alternative_mobiles')}
          />
          <AddressFields form={form} />
        </FormSection>

        <FormSection title={t('customers.sectionMoney')} description={t('customers.sectionMoneyHint')}>
          <AmountInput label={t('credit.creditLimit')} {...form.getInputProps('credit_limit')} />
          <SlabSelect
            value={form.values.discount_slab_id}
            onChange={(v) => form.setFieldValue('discount_slab_id', v)}
          />
          <AmountInput label={t('credit.balanceTrigger')} {...form.getInputProps('balance_trigger')} />
          <AmountInput label={t('credit.balanceTopup')} {...form.getInputProps('balance_topup')} />
          <Switch label={t('credit.autoCredit')} {...form.getInputProps('auto_credit', { type: 'checkbox' })} />
        </FormSection>

        <FormSection title={t('customers.sectionBranding')}>
          {sectionsFor(role).host && (
            <TextInput
              label={t('customers.subDomain')}
              description={t('customers.subDomainHint')}
              {...form.getInputProps('sub_domain')}
            />
          )}
          <TextInput label={t('customers.smsSenderId')} maxLength={11} {...form.getInputProps('sms_sender_id')} />
          <FormImageField form={form} field="invoice_logo" label={t('customers.invoiceLogo')} />
          <FormImageField form={form} field="invoice_header_image" label={t('customers.invoiceHeaderImage')} />
          <FormImageField form={form} field="invoice_footer_image" label={t('customers.invoiceFooterImage')} />
          <FormImageField form={form} field="login_logo" label={t('customers.loginLogo')} />
        </FormSection>

        <LegalSection form={form} />

        {sectionsFor(role).shop && <ShopSection form={form} />}

        <FormSection title={t('customers.sectionSecurity')} cols={1}>
          <Group gap="xl">
            <OtpFields
              enabled={form.values.enable_otp}
              enable={form.getInputProps('enable_otp', { type: 'checkbox' })}
              channel={form.getInputProps('otp_type')}
            />
          </Group>
          <FlagsField
            offered={offeredFlags}
            value={form.values.features}
            onChange={(flags) => form.setFieldValue('features', flags)}
            error={form.errors.features}
          />
        </FormSection>

        {adding && <ApiSection form={form} />}

        <FormSection title={t('customers.remarks')} cols={1}>
          <Textarea
            aria-label={t('customers.remarks')}
            autosize
            minRows={2}
            maxLength={2000}
            {...form.getInputProps('remarks')}
          />
        </FormSection>
      </ApiForm>
    </>
  );
}

function UsernameState({ checking, available }: { checking: boolean; available: boolean | undefined }) {
  if (checking) return <Loader size={14} />;
  if (available === true) return <IconCheck size={16} color="var(--mantine-color-teal-6)" />;
  if (available === false) return <IconX size={16} color="var(--mantine-color-red-6)" />;
  return null;
}
