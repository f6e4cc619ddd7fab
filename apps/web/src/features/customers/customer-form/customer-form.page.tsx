import { ROLE } from '@portal/contract/roles';
import { useParams } from 'react-router';
import { useCustomerDetails } from '../../../lib/customer-lookup.ts';
import { useSession } from '../../../lib/session.ts';
import { QueryState } from '../../../ui/query-state.tsx';
import { CustomerFormScreen } from './customer-form-screen.tsx';

/** `/customer/add`: an operator creates the level below it (the platform a reseller, a reseller a shop). */
export function CustomerAddPage() {
  const { user } = useSession();
  const role = user?.account_role === ROLE.superadmin ? 1 : 2;
  return <CustomerFormScreen role={role} details={null} />;
}

/** `/customer/edit/{customerId}`. */
export function CustomerEditPage() {
  const customerId = Number(useParams().customerId);
  const details = useCustomerDetails(customerId);
  return (
    <QueryState query={details}>
      {(data) => <CustomerFormScreen role={data.account_role === 1 ? 1 : 2} details={data} />}
    </QueryState>
  );
}
