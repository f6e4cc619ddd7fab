import { ROLE } from '@portal/contract/roles';
import { useSession } from '../../../lib/session.ts';
import { CustomerFormScreen } from './customer-form-screen.tsx';

/** `/customer/add`: an operator creates the level below it (the platform a reseller, a reseller a shop). */
export function CustomerAddPage() {
  const { user } = useSession();
  const role = user?.account_role === ROLE.superadmin ? 1 : 2;
  return <CustomerFormScreen role={role} details={null} />;
}
