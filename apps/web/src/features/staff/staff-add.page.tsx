import { QueryState } from '../../ui/query-state.tsx';
import { useStaffChoices } from './staff.queries.ts';
import { StaffForm } from './staff-form.tsx';
import type { StaffScope } from './staff-scope.ts';

/** `/user/add`, `/seller/user/add`: a new user of the own customer. */
export function StaffAddPage({ scope }: { scope: StaffScope }) {
  const choices = useStaffChoices();
  return (
    <QueryState query={choices}>
      {(data) => <StaffForm scope={scope} account={null} customerFeatures={data.customerFeatures} />}
    </QueryState>
  );
}
