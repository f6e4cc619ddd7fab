import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../features/auth/auth.queries.ts';
import { useOrganisation } from '../features/organisations/organisations.queries.ts';
import { useTextsReady } from '../i18n/index.ts';
import { describeError } from '../lib/errors.ts';
import { useSession } from '../lib/session.ts';
import { ErrorState } from '../ui/error-state.tsx';
import { PageLoader } from '../ui/page-loader.tsx';
import { decideAccess } from './guard.ts';
import type { AppRoute } from './routes/route.tsx';

/** One routed screen: its guard, its document title and its lazily loaded page. */
export function Screen({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const organisation = useOrganisation();
  const currentUser = useCurrentUser();
  const decision = decideAccess(route.rule, session, location.pathname + location.search);
  // A screen's title may be among the texts that load with its code; until then the tab keeps its title.
  const title = useTextsReady(route.texts) ? t(route.title) : null;
  const organisationName = organisation.data?.organisation_name;

  useEffect(() => {
    if (title === null) return;
    document.title = organisationName ? `${organisationName} – ${title}` : title;
  }, [organisationName, title]);

  if (decision.kind === 'login' || decision.kind === 'forbidden') return <Navigate to={decision.redirect} replace />;
  if (decision.kind === 'wait') {
    return currentUser.isError ? (
      <ErrorState message={describeError(t, currentUser.error)} onRetry={() => currentUser.refetch()} />
    ) : (
      <PageLoader />
    );
  }
  const Page = route.page;
  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}
