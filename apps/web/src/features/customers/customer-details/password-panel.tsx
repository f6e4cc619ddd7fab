import { PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordBody } from '@portal/contract/customers';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../lib/zod-form.ts';
import { ApiForm, FormSection } from '../../../ui/form-kit.tsx';
import { PasswordRules } from '../../../ui/password-rules.tsx';
import { useChangePassword } from '../customers.queries.ts';

/** An operator sets a new password for the customer's main user (`/api/change_password/`); its sessions end. */
export function PasswordPanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const save = useChangePassword();
  const form = useForm({
    initialValues: { new_password: '', confirm_password: '' },
    validate: zodValidate(changePasswordBody, t, { toBody: (v) => ({ username, ...v }) }),
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
