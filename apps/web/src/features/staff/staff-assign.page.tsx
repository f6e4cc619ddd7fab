import { Alert, Badge, Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { RULES } from '@portal/contract/rules';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type CustomerChoice, useCustomerChoices } from '../../lib/customer-lookup.ts';
import { notify } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { SubmitError } from '../../ui/form-kit.tsx';
import { localPage } from '../../ui/local-page.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import {
  type AssignedCustomer,
  type StaffAccount,
  staffKeys,
  useAssignCustomers,
  useStaffUser,
} from './staff.queries.ts';

/** `/user/assign/{userId}`: the customers a staff member (internal_role 1) sees and works on. */
export function StaffAssignPage() {
  const { t } = useTranslation();
  const staff = useStaffUser(Number(useParams().userId));
  return (
    <QueryState query={staff}>
      {({ account, assigned }) =>
        account ? (
          <StaffAssignment key={staff.dataUpdatedAt} account={account} assigned={assigned} />
        ) : (
          <ErrorState title={t('errors.codes.not_found')} />
        )
      }
    </QueryState>
  );
}

function StaffAssignment({ account, assigned }: { account: StaffAccount; assigned: AssignedCustomer[] }) {
  const { t } = useTranslation();
  const canList = useCan(RULES.customersView);
  return (
    <>
      <PageHeader
        title={t('staff.assignTitle', { name: account.username })}
        description={t('staff.assignDescription')}
        actions={
          <Button component={Link} to={`/user/assign-history?user_id=${account.user_id}`} variant="default">
            {t('screen.assignHistory')}
          </Button>
        }
      />
      {account.internal_role === 0 ? (
        <Alert icon={<IconInfoCircle size={18} />} variant="light">
          {t('staff.managerSeesAll')}
        </Alert>
      ) : canList ? (
        <AssignCustomers account={account} assigned={assigned} />
      ) : (
        <Alert icon={<IconInfoCircle size={18} />} variant="light">
          {t('staff.needsCustomersPermission')}
        </Alert>
      )}
    </>
  );
}

type AssignFilters = { search_text: string };

function AssignCustomers(props: { account: StaffAccount; assigned: AssignedCustomer[] }) {
  const customers = useCustomerChoices();
  return (
    <QueryState query={customers}>
      {(all) => <AssignEditor {...props} all={all} version={customers.dataUpdatedAt} />}
    </QueryState>
  );
}

function AssignEditor({
  account,
  assigned,
  all,
  version,
}: {
  account: StaffAccount;
  assigned: AssignedCustomer[];
  all: CustomerChoice[];
  /** When the customers were loaded: the table pages them again after a reload. */
  version: number;
}) {
  const { t } = useTranslation();
  const save = useAssignCustomers();
  const original = new Set(assigned.map((a) => a.customer_id));
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(original));
  const assign = [...chosen].filter((id) => !original.has(id));
  const unassign = [...original].filter((id) => !chosen.has(id));

  const columns: Column<CustomerChoice>[] = [
    {
      key: 'pick',
      header: t('staff.assigned'),
      width: 90,
      render: (c) => (
        <Checkbox
          checked={chosen.has(c.customer_id)}
          aria-label={t('staff.assignCustomer', { name: c.name })}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setChosen((current) => {
              const next = new Set(current);
              if (on) next.add(c.customer_id);
              else next.delete(c.customer_id);
              return next;
            });
          }}
        />
      ),
    },
    { key: 'id', header: t('customers.number'), render: (c) => c.customer_id },
    {
      key: 'name',
      header: t('customers.name'),
      render: (c) => (
        <div>
          <Text size="sm">{c.name}</Text>
          <Text size="xs" c="dimmed">
            {c.username}
          </Text>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('customers.status'),
      render: (c) => (
        <Badge variant="light" color={c.is_active ? 'teal' : 'gray'}>
          {t(c.is_active ? 'customers.active' : 'customers.inactive')}
        </Badge>
      ),
    },
  ];

  return (
    <>
      <Paper withBorder radius="md" p="md" mb="md">
        <Group justify="space-between">
          <Text size="sm">
            {t('staff.assignSummary', { count: chosen.size, added: assign.length, removed: unassign.length })}
          </Text>
          <Button
            disabled={assign.length === 0 && unassign.length === 0}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { user_id: account.user_id, assign, unassign },
                { onSuccess: () => notify({ color: 'teal', message: t('staff.assignSaved') }) },
              )
            }
          >
            {t('common.save')}
          </Button>
        </Group>
        <SubmitError error={save.error} />
      </Paper>
      <DataTable
        queryKey={[...staffKeys.user(account.user_id), 'customers', version]}
        queryFn={async ({ page, limit, filters }) => {
          const search = filters.search_text.toLowerCase();
          const rows = all.filter(
            (c) =>
              !search ||
              c.name.toLowerCase().includes(search) ||
              (c.username ?? '').toLowerCase().includes(search) ||
              String(c.customer_id) === search,
          );
          return localPage(rows, page, limit);
        }}
        columns={columns}
        rowKey={(c) => c.customer_id}
        defaultFilters={{ search_text: '' } as AssignFilters}
        toolbar={(filters, setFilters) => (
          <SearchBox value={filters.search_text} onSearch={(search_text) => setFilters({ search_text })} />
        )}
      />
    </>
  );
}
