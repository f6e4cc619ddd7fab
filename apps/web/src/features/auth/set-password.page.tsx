import { Alert, Button, Paper, PasswordInput, Stack, Stepper, Text, Title } from '@mantine/core';
import { failedPasswordChecks } from '@portal/contract/password-checks';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { describeError, fieldErrors } from '../../lib/errors.ts';
import { OrganisationBrand } from '../../ui/organisation-brand.tsx';
import { PasswordRules } from '../../ui/password-rules.tsx';
import { useOrganisation } from '../organisations/organisations.queries.ts';
import { type OtpDelivery, useSendSetPasswordCode, useSetPassword, useVerifySetPasswordCode } from './auth.queries.ts';
import { CodeInput, StepHeading } from './step-parts.tsx';

/** Registration: send a code, confirm it, set the password (spec section 4). */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const organisation = useOrganisation();
  const { id = '' } = useParams();
  const [active, setActive] = useState(0);
  const [delivery, setDelivery] = useState<OtpDelivery | null>(null);

  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={560}>
      <Stack>
        <OrganisationBrand variant="login" organisation={organisation.data} />
        <StepHeading title={t('setPassword.title')} text={t('setPassword.intro')} />
        <Stepper active={active} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label={t('setPassword.stepSend')}>
            <SendCodeStep
              id={id}
              onSent={(sent) => {
                setDelivery(sent);
                setActive(1);
              }}
            />
          </Stepper.Step>
          <Stepper.Step label={t('setPassword.stepVerify')}>
            <VerifyCodeStep id={id} delivery={delivery} onVerified={() => setActive(2)} />
          </Stepper.Step>
          <Stepper.Step label={t('setPassword.stepPassword')}>
            <PasswordStep id={id} onDone={() => setActive(3)} />
          </Stepper.Step>
          <Stepper.Completed>
            <Stack align="center" py="md">
              <IconCircleCheck size={48} color="var(--mantine-color-teal-6)" />
              <Title order={2} fz="h3">
                {t('setPassword.doneTitle')}
              </Title>
              <Text>{t('setPassword.doneText')}</Text>
              <Button component={Link} to="/login">
                {t('setPassword.goToLogin')}
              </Button>
            </Stack>
          </Stepper.Completed>
        </Stepper>
      </Stack>
    </Paper>
  );
}

function StepError({ error, notFoundText }: { error: unknown; notFoundText: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  const status = error instanceof ApiError ? error.status : 0;
  const text = status === 404 ? notFoundText : status === 403 ? t('auth.contactAdmin') : describeError(t, error);
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {text}
    </Alert>
  );
}

function SendCodeStep({ id, onSent }: { id: string; onSent: (delivery: OtpDelivery) => void }) {
  const { t } = useTranslation();
  const send = useSendSetPasswordCode();
  return (
    <Stack pt="md">
      <Text size="sm">{t('setPassword.sendText')}</Text>
      <StepError error={send.error} notFoundText={t('setPassword.invalidLink')} />
      <Button loading={send.isPending} onClick={() => send.mutate(id, { onSuccess: onSent })}>
        {t('setPassword.sendCode')}
      </Button>
    </Stack>
  );
}

function VerifyCodeStep(props: { id: string; delivery: OtpDelivery | null; onVerified: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifySetPasswordCode();
  const [otp, setOtp] = useState('');
  const submit = (code: string) => {
    if (code.length === 6 && !verify.isPending)
      verify.mutate({ id: props.id, otp: code }, { onSuccess: props.onVerified });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit(otp);
      }}
    >
      <Stack pt="md">
        {props.delivery && (
          <Text size="sm">
            {t('setPassword.codeSent', {
              channel: props.delivery.channel === 'sms' ? t('setPassword.channelSms') : t('setPassword.channelEmail'),
              recipient: props.delivery.recipient,
            })}
          </Text>
        )}
        <CodeInput
          id="set-password-otp"
          label={t('setPassword.code')}
          value={otp}
          onChange={setOtp}
          onComplete={submit}
        />
        <StepError error={verify.error} notFoundText={t('setPassword.invalidCode')} />
        <Button type="submit" loading={verify.isPending} disabled={otp.length !== 6}>
          {t('setPassword.verify')}
        </Button>
      </Stack>
    </form>
  );
}

function PasswordStep({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const mismatch = touched && confirm !== password;
  const serverErrors = fieldErrors(save.error);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (failedPasswordChecks(password).length > 0 || confirm !== password) return;
    save.mutate({ id, password, confirm_password: confirm }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit}>
      <Stack pt="md">
        <PasswordInput
          label={t('setPassword.newPassword')}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={serverErrors.password}
          required
        />
        <PasswordRules password={password} />
        <PasswordInput
          label={t('setPassword.confirmPassword')}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={mismatch ? t('setPassword.mismatch') : serverErrors.confirm_password}
          required
        />
        {!serverErrors.password && !serverErrors.confirm_password && (
          <StepError error={save.error} notFoundText={t('setPassword.invalidLink')} />
        )}
        <Button type="submit" loading={save.isPending}>
          {t('setPassword.save')}
        </Button>
      </Stack>
    </form>
  );
}
