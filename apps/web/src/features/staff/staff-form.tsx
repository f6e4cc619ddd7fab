import { Alert, PasswordInput, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ROLE, type Role } from '@portal/contract/roles';
import { addStaffBody, updateStaffBody, userFlagsFor } from '@portal/contract/staff';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { CONTACT_MESSAGES, zodValidate } from '../../lib/zod-form.ts';
import { FlagsField } from '../../ui/form-fields.tsx';
import { ApiForm, FormSection } from '../../ui/form-kit.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PasswordRules } from '../../ui/password-rules.tsx';
import { type SaveStaffInput, type StaffAccount, useSaveStaff } from './staff.queries.ts';
import { STAFF_SCOPES, type StaffScope } from './staff-scope.ts';

interface StaffValues {
  username: string;
  password: string;
  name: string;
  email: string;
  mobile: string;
  job_role: string;
  /** A shop's users: 2 a sub-user of the shop, 3 web_support (selling over the web only). */
  account_role: '2' | '3';
  is_manager: boolean;
  is_active: boolean;
  features: string[];
  enable_web_view: boolean;
  require_device_approval: boolean;
}

/** The call's body from the form: the contract's `addStaffBody`/`updateStaffBody` check it here and on the server. */
function staffBody(
  v: StaffValues,
  {
    scope,
    account,
    role: ownRole,
    customerFeatures,
  }: { scope: StaffScope; account: StaffAccount | null; role?: Role; customerFeatures: string[] },
): SaveStaffInput {
  // A shop's users are sellers or web_support; operator staff have their customer's role.
  const role: Role = scope === 'shop' ? (Number(v.account_role) as 2 | 3) : (ownRole ?? ROLE.reseller);
  const offered = userFlagsFor(role, customerFeatures);
  const isWebSupport = role === ROLE.webSupport;
  const common = {
    name: v.name.trim(),
    email: v.email.trim() || null,
    mobile: v.mobile.trim() || null,
    job_role: v.job_role.trim(),
    // web_support users never manage anything, so they are always staff.
    is_manager: !isWebSupport && v.is_manager,
    features: v.features.filter((f) => offered.includes(f as (typeof offered)[number])) as typeof offered,
    enable_web_view: v.enable_web_view,
    require_device_approval: v.require_device_approval,
    ...(v.password ? { password: v.password } : {}),
  };
  return account === null
    ? {
        add: {
          ...common,
          username: v.username.trim(),
          ...(scope === 'shop' ? { account_role: Number(v.account_role) as 2 | 3 } : {}),
        },
      }
    : { update: { ...common, user_id: account.user_id, is_active: v.is_active } };
}

/** The one user form: operator staff and a shop's users differ only in the roles on offer. */
export function StaffForm({
  scope,
  account,
  customerFeatures,
}: {
  scope: StaffScope;
  account: StaffAccount | null;
  customerFeatures: string[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const paths = STAFF_SCOPES[scope];
  const adding = account === null;
  const save = useSaveStaff();
  const toBody = (v: StaffValues) => staffBody(v, { scope, account, role: user?.account_role, customerFeatures });
  const form = useForm<StaffValues>({
    initialValues: {
      username: account?.username ?? '',
      password: '',
      name: account?.name ?? '',
      email: account?.email ?? '',
      mobile: account?.mobile ?? '',
      job_role: account?.job_role ?? '',
      account_role: account?.account_role === ROLE.webSupport ? '3' : '2',
      is_manager: account ? account.is_manager === 1 : false,
      is_active: account ? account.is_active === 1 : true,
      features: account?.features ?? [],
      enable_web_view: account ? account.enable_web_view === 1 : false,
      require_device_approval: account ? account.require_device_approval === 1 : false,
    },
    validate: zodValidate(adding ? addStaffBody : updateStaffBody, t, {
      toBody: (v) => {
        const body = toBody(v);
        return 'add' in body ? body.add : body.update;
      },
      messages: CONTACT_MESSAGES,
    }),
  });

  // A shop's users are sellers or web_support; operator staff have their customer's role.
  const role: Role =
    scope === 'shop' ? (Number(form.values.account_role) as 2 | 3) : (user?.account_role ?? ROLE.reseller);
  const offered = userFlagsFor(role, customerFeatures);
  const isWebSupport = role === ROLE.webSupport;
  const self = account?.user_id === user?.user_id;

  return (
    <>
      <PageHeader
        title={adding ? t(paths.addTitle) : t('staff.editTitle', { name: account.username })}
        description={t(scope === 'operator' ? 'staff.operatorFormHint' : 'staff.shopFormHint')}
      />
      <ApiForm
        form={form}
        mutation={save}
        toInput={toBody}
        successMessage={t(adding ? 'staff.added' : 'staff.saved')}
        onSuccess={() => navigate(paths.list)}
        cancelTo={paths.list}
      >
        <FormSection title={t('staff.sectionAccount')}>
          {adding ? (
            <TextInput label={t('staff.username')} required autoComplete="off" {...form.getInputProps('username')} />
          ) : (
            <TextInput label={t('staff.username')} value={account.username} readOnly variant="filled" />
          )}
          <TextInput label={t('staff.name')} required {...form.getInputProps('name')} />
          <TextInput label={t('customers.email')} type="email" {...form.getInputProps('email')} />
          <TextInput label={t('customers.mobile')} type="tel" {...form.getInputProps('mobile')} />
          <TextInput label={t('staff.jobRole')} maxLength={80} {...form.getInputProps('job_role')} />
          <Stack gap="xs">
            <PasswordInput
              label={adding ? t('customers.password') : t('customers.newPassword')}
              description={adding ? t('staff.passwordHint') : t('staff.newPasswordHint')}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            {form.values.password !== '' && <PasswordRules password={form.values.password} />}
          </Stack>
        </FormSection>

        <FormSection title={t('staff.sectionAccess')} cols={1}>
          {scope === 'shop' && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('staff.userType')}
              </Text>
              <SegmentedControl
                aria-label={t('staff.userType')}
                disabled={!adding}
                data={[
                  { value: '2', label: t('staff.shopUser') },
                  { value: '3', label: t('role.webSupport') },
                ]}
                {...form.getInputProps('account_role')}
              />
            </Stack>
          )}
          {!isWebSupport && (
            <Switch
              label={t('staff.isManager')}
              description={t(scope === 'operator' ? 'staff.isManagerOperatorHint' : 'staff.isManagerShopHint')}
              disabled={account?.is_main === 1 || self}
              {...form.getInputProps('is_manager', { type: 'checkbox' })}
            />
          )}
          {!adding && (
            <Switch
              label={t('staff.isActive')}
              disabled={account.is_main === 1 || self}
              {...form.getInputProps('is_active', { type: 'checkbox' })}
            />
          )}
          {(account?.is_main === 1 || self) && (
            <Alert variant="light" icon={<IconInfoCircle size={18} />}>
              {t(self ? 'staff.selfHint' : 'staff.mainHint')}
            </Alert>
          )}
          <Switch
            label={t('staff.enableWebView')}
            description={t('staff.enableWebViewHint')}
            {...form.getInputProps('enable_web_view', { type: 'checkbox' })}
          />
          <Switch
            label={t('staff.deviceApproval')}
            description={t('staff.deviceApprovalHint')}
            {...form.getInputProps('require_device_approval', { type: 'checkbox' })}
          />
          {offered.length > 0 ? (
            <FlagsField
              offered={offered}
              value={form.values.features}
              onChange={(flags) => form.setFieldValue('features', flags)}
              error={form.errors.features}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('staff.noFlags')}
            </Text>
          )}
        </FormSection>
      </ApiForm>
    </>
  );
}
