import { Paper, Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { loadingPath } from '../../lib/redirect.ts';
import { useSession } from '../../lib/session.ts';
import { OrganisationBrand } from '../../ui/organisation-brand.tsx';
import { useOrganisation } from '../organisations/organisations.queries.ts';
import { type SignedIn, useCompleteSignIn } from './auth.queries.ts';
import { ApprovalStep, OtpStep, PasswordStep } from './login-steps.tsx';

type Step =
  | { kind: 'password' }
  | { kind: 'otp'; username: string; reference: string; channel: 'sms' | 'email' }
  | { kind: 'approval'; referenceId: string; reference: string };

export function LoginPage() {
  const { session } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const organisation = useOrganisation();
  const completeSignIn = useCompleteSignIn();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [signingIn, setSigningIn] = useState(false);
  const target = params.get('to');

  const onSignedIn = useCallback(
    async (result: SignedIn) => {
      setSigningIn(true);
      try {
        await completeSignIn(result);
        void navigate(loadingPath(target), { replace: true });
      } finally {
        setSigningIn(false);
      }
    },
    [completeSignIn, navigate, target],
  );
  const back = useCallback(() => setStep({ kind: 'password' }), []);

  // A signed-in visitor has nothing to do here (spec section 4); during our own sign-in the session exists early.
  if (session && !signingIn) return <Navigate to={loadingPath(target)} replace />;

  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
      <Stack>
        <OrganisationBrand variant="login" organisation={organisation.data} />
        {step.kind === 'password' && (
          <PasswordStep
            loginKey={organisation.data?.login_key}
            clockOffsetMs={organisation.data?.clockOffsetMs ?? 0}
            onSignedIn={onSignedIn}
            onNext={(next) =>
              setStep(
                next.status === 'otp_required'
                  ? { kind: 'otp', username: next.username, reference: next.reference, channel: next.channel }
                  : { kind: 'approval', referenceId: next.reference_id, reference: next.reference },
              )
            }
          />
        )}
        {step.kind === 'otp' && <OtpStep {...step} onSignedIn={onSignedIn} onBack={back} />}
        {step.kind === 'approval' && <ApprovalStep {...step} onSignedIn={onSignedIn} onBack={back} />}
      </Stack>
    </Paper>
  );
}
