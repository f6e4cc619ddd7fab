import { useParams } from 'react-router';
import { useCustomerDetails } from '../../../lib/customer-lookup.ts';
import { QueryState } from '../../../ui/query-state.tsx';
import { CustomerFormScreen } from './customer-form-screen.tsx';

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
