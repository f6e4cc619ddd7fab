import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../features/auth/auth.queries.ts';
import { useOrganisation } from '../features/organisations/organisations.queries.ts';
import { useSessionWatch } from './session-watch.ts';

const ORGANISATION_MISSING = '/pages/error-404';

/** Above every screen: loads the organisation and the user details, watches the session. */
export function Root() {
  const organisation = useOrganisation();
  const location = useLocation();
  const navigate = useNavigate();
  useCurrentUser();
  useSessionWatch();

  // An unknown host has no organisation to show (spec section 8).
  const organisationMissing = organisation.isError;
  useEffect(() => {
    if (organisationMissing && location.pathname !== ORGANISATION_MISSING)
      void navigate(ORGANISATION_MISSING, { replace: true });
  }, [organisationMissing, location.pathname, navigate]);

  return <Outlet />;
}
