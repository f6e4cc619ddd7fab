import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { describeError } from '../../lib/errors.ts';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useStaffUser } from './staff.queries.ts';
import { StaffForm } from './staff-form.tsx';
import type { StaffScope } from './staff-scope.ts';

/** `/user/edit/{userId}`, `/seller/user/edit/{userId}`. */
export function StaffEditPage({ scope }: { scope: StaffScope }) {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const user = useStaffUser(userId);
  if (user.isError) return <ErrorState message={describeError(t, user.error)} onRetry={() => user.refetch()} />;
  if (!user.data) return <PageLoader />;
  if (!user.data.account) return <ErrorState title={t('errors.codes.not_found')} />;
  return <StaffForm scope={scope} account={user.data.account} customerFeatures={user.data.customerFeatures} />;
}
