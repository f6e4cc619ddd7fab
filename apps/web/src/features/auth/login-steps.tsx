import { Alert, Button, Code, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { LoginResult } from '@portal/contract/auth';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { describeError } from '../../lib/errors.ts';
import { type SignedIn, useApprovalStatus, useLogin, useVerifyOtp } from './auth.queries.ts';
import { CodeInput, StepHeading } from './step-parts.tsx';

type NextStep = Exclude<LoginResult, { status: 'signed_in' }> & { username: string };

function ErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}

/** Wrong credentials answer 401; spec section 8 names the text to show for them and for an empty answer. */
function credentialError(error: unknown, credentialsText: string, describe: (e: unknown) => string): string {
  return error instanceof ApiError && error.status === 401 ? credentialsText : describe(error);
}

export function PasswordStep(props: {
  loginKey: Record<string, unknown> | undefined;
  clockOffsetMs: number;
  onSignedIn: (result: SignedIn) => Promise<void>;
  onNext: (next: NextStep) => void;
}) {
  const { t } = useTranslation();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const secure = typeof crypto !== 'undefined' && crypto.subtle !== undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!props.loginKey) return;
    const form = new FormData(event.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setError(null);
    setBusy(true);
    try {
      const result = await login.mutateAsync({
        loginKey: props.loginKey,
        clockOffsetMs: props.clockOffsetMs,
        username,
        password,
      });
      if (!result) setError(t('auth.wrongUsernameOrPassword'));
      else if (result.status === 'signed_in') await props.onSignedIn(result);
      else props.onNext({ ...result, username });
    } catch (e) {
      setError(credentialError(e, t('auth.wrongUsernameOrPassword'), (x) => describeError(t, x)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate={false}>
      <Stack>
        <StepHeading title={t('auth.title')} text={t('auth.subtitle')} />
        {!secure && <ErrorAlert message={t('auth.secureContextRequired')} />}
        <TextInput name="username" label={t('auth.username')} autoComplete="username" required autoFocus />
        <PasswordInput name="password" label={t('auth.password')} autoComplete="current-password" required />
        <ErrorAlert message={error} />
        <Button type="submit" loading={busy} disabled={!props.loginKey || !secure} fullWidth>
          {t('auth.submit')}
        </Button>
      </Stack>
    </form>
  );
}

export function OtpStep(props: {
  username: string;
  reference: string;
  channel: 'sms' | 'email';
  onSignedIn: (result: SignedIn) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const verify = useVerifyOtp();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(code: string) {
    if (code.length !== 6 || busy) return;
    setError(null);
    setBusy(true);
    try {
      const result = await verify.mutateAsync({ username: props.username, otp: code, reference: props.reference });
      if (result?.status === 'signed_in') await props.onSignedIn(result);
      else setError(t('auth.wrongEmailOrPassword'));
    } catch (e) {
      setError(credentialError(e, t('auth.wrongEmailOrPassword'), (x) => describeError(t, x)));
      setOtp('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit(otp);
      }}
    >
      <Stack>
        <StepHeading
          title={t('auth.otpTitle')}
          text={props.channel === 'sms' ? t('auth.otpSentSms') : t('auth.otpSentEmail')}
        />
        <Stack gap={4}>
          <CodeInput
            id="otp-label"
            label={t('auth.otpLabel')}
            value={otp}
            onChange={setOtp}
            onComplete={(code) => void submit(code)}
            error={error !== null}
          />
        </Stack>
        <ErrorAlert message={error} />
        <Button type="submit" loading={busy} disabled={otp.length !== 6} fullWidth>
          {t('auth.verify')}
        </Button>
        <BackButton onBack={props.onBack} />
      </Stack>
    </form>
  );
}

export function ApprovalStep(props: {
  referenceId: string;
  reference: string;
  onSignedIn: (result: SignedIn) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const approval = useApprovalStatus(props.referenceId, props.reference);
  const [error, setError] = useState<string | null>(null);
  const finished = useRef(false);
  const { onSignedIn } = props;
  const data = approval.data;

  useEffect(() => {
    if (data?.status !== 'approved' || finished.current) return;
    finished.current = true;
    onSignedIn({ ...data, status: 'signed_in' }).catch((e: unknown) => setError(describeError(t, e)));
  }, [data, onSignedIn, t]);

  const refused = approval.isSuccess && (!data || data.status === 'rejected' || data.status === 'expired');
  const failed = approval.isError;
  // An unknown or consumed request answers 404: the spec's "Empty reference verification".
  const unknownRequest = approval.error instanceof ApiError && approval.error.status === 404;

  return (
    <Stack>
      <StepHeading title={t('auth.approvalTitle')} text={t('auth.approvalText')} />
      <Stack gap={4} align="center" py="md">
        <Text size="sm" c="dimmed">
          {t('auth.approvalReference')}
        </Text>
        <Code fz={36} fw={700} px="lg" py="xs" style={{ letterSpacing: '0.2em' }} data-testid="approval-reference">
          {props.reference}
        </Code>
      </Stack>
      {refused || failed ? (
        <ErrorAlert message={failed && !unknownRequest ? describeError(t, approval.error) : t('auth.contactAdmin')} />
      ) : (
        <Group justify="center" gap="xs" aria-live="polite">
          <Loader size="sm" />
          <Text size="sm">{data?.status === 'approved' ? t('auth.signingIn') : t('auth.approvalWaiting')}</Text>
        </Group>
      )}
      <ErrorAlert message={error} />
      <BackButton onBack={props.onBack} />
    </Stack>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
      {t('auth.backToLogin')}
    </Button>
  );
}
