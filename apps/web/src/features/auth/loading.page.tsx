import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { homePathFor, safeRedirectTarget } from '../../lib/redirect.ts';
import { useSession } from '../../lib/session.ts';
import { ErrorState } from '../../ui/error-state.tsx';
import { useCurrentUser } from './auth.queries.ts';

/** After sign-in: waits for the user details, then opens the page the user wanted or home. */
export function LoadingPage() {
  const { t } = useTranslation();
  const { session, user } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const current = useCurrentUser();
  const wanted = params.get('to');

  useEffect(() => {
    if (user) void navigate(wanted ? safeRedirectTarget(wanted) : homePathFor(user), { replace: true });
  }, [user, wanted, navigate]);

  if (!session) return <Navigate to="/login" replace />;
  if (current.isError && !user) {
    return (
      <Stack align="center">
        <ErrorState message={describeError(t, current.error)} onRetry={() => current.refetch()} />
        <Button variant="subtle" onClick={() => navigate('/login')}>
          {t('auth.backToLogin')}
        </Button>
      </Stack>
    );
  }
  return (
    <Center role="status">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{t('loading.text')}</Text>
      </Stack>
    </Center>
  );
}
