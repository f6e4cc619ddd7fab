import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '../../ui/error-state.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { useStaffUser } from './staff.queries.ts';
import { StaffForm } from './staff-form.tsx';
import type { StaffScope } from './staff-scope.ts';

/** `/user/edit/{userId}`, `/seller/user/edit/{userId}`. */
export function StaffEditPage({ scope }: { scope: StaffScope }) {
  const { t } = useTranslation();
  const user = useStaffUser(Number(useParams().userId));
  return (
    <QueryState query={user}>
      {({ account, customerFeatures }) =>
        account ? (
          <StaffForm scope={scope} account={account} customerFeatures={customerFeatures} />
        ) : (
          <ErrorState title={t('errors.codes.not_found')} />
        )
      }
    </QueryState>
  );
}
