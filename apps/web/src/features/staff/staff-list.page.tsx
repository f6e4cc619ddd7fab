import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { findStaff, type StaffAccount, type StaffFilters, staffKeys } from './staff.queries.ts';
import { STAFF_SCOPES, type StaffScope } from './staff-scope.ts';

const DEFAULT_FILTERS: StaffFilters = { search_text: '' };

/** `/users/view` (the operator's staff) and `/seller/users/view` (a shop's sub-users): the users of the own customer. */
export function StaffListPage({ scope }: { scope: StaffScope }) {
  const { t } = useTranslation();
  const paths = STAFF_SCOPES[scope];
  const columns: Column<StaffAccount>[] = [
    {
      key: 'user',
      header: t('staff.username'),
      render: (r) => (
        <div>
          <Text size="sm" fw={500}>
            {r.username}
          </Text>
          <Text size="xs" c="dimmed">
            {r.name}
          </Text>
        </div>
      ),
    },
    { key: 'job', header: t('staff.jobRole'), render: (r) => r.job_role || '—' },
    {
      key: 'role',
      header: t('staff.accessLevel'),
      render: (r) => (
        <Group gap={4}>
          <Badge variant="light" color={r.is_manager ? 'blue' : 'gray'}>
            {t(r.is_main ? 'staff.mainAccount' : r.is_manager ? 'staff.manager' : 'staff.staff')}
          </Badge>
          {r.account_role === 3 && (
            <Badge variant="light" color="grape">
              {t('role.webSupport')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'active',
      header: t('customers.status'),
      render: (r) => (
        <Badge variant="light" color={r.is_active ? 'teal' : 'gray'}>
          {t(r.is_active ? 'customers.active' : 'customers.inactive')}
        </Badge>
      ),
    },
    {
      key: 'web',
      header: t('staff.enableWebView'),
      render: (r) => t(r.enable_web_view ? 'common.yes' : 'common.no'),
    },
    {
      key: 'device',
      header: t('staff.deviceApproval'),
      render: (r) => t(r.require_device_approval ? 'common.yes' : 'common.no'),
    },
    ...(scope === 'operator'
      ? [
          {
            key: 'assigned',
            header: t('staff.assignedCustomers'),
            align: 'right' as const,
            render: (r: StaffAccount) => (r.internal_role === 1 ? r.assigned_customers : t('staff.allCustomers')),
          },
        ]
      : []),
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (r) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('staff.edit')}>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={paths.edit(r.user_id)}
              aria-label={t('staff.editNamed', { name: r.username })}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          {scope === 'operator' && r.internal_role === 1 && (
            <Tooltip label={t('staff.assign')}>
              <ActionIcon
                variant="subtle"
                component={Link}
                to={`/user/assign/${r.user_id}`}
                aria-label={t('staff.assignNamed', { name: r.username })}
              >
                <IconUserCheck size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t(paths.listTitle)}
        description={t(scope === 'operator' ? 'staff.operatorDescription' : 'staff.shopDescription')}
        actions={
          <>
            {scope === 'operator' && (
              <Button component={Link} to="/user/assign-history" variant="default">
                {t('screen.assignHistory')}
              </Button>
            )}
            <Button component={Link} to={paths.add} leftSection={<IconPlus size={16} />}>
              {t(paths.addTitle)}
            </Button>
          </>
        }
      />
      <DataTable
        queryKey={[...staffKeys.lists(), scope]}
        queryFn={findStaff}
        columns={columns}
        rowKey={(r) => r.user_id}
        defaultFilters={DEFAULT_FILTERS}
        toolbar={(filters, setFilters) => (
          <SearchBox value={filters.search_text} onSearch={(search_text) => setFilters({ search_text })} />
        )}
      />
    </>
  );
}
