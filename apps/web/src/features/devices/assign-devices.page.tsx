import { Button, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { customerSource } from '../../lib/customer-lookup.ts';
import { CustomerPicker } from '../../ui/customer-picker.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { DeviceStatusBadge } from './device-status-badge.tsx';
import {
  type Device,
  deviceKeys,
  findAssignedDevices,
  NO_DEVICE_FILTERS,
  useAssignDevice,
  useDeviceHistory,
} from './devices.queries.ts';

const ALLOWED = { search: undefined };

function History({ customerId }: { customerId?: number }) {
  const { t } = useTranslation();
  const history = useDeviceHistory(customerId);
  return (
    <>
      <Title order={2} size="h4" mt="xl" mb="sm">
        {t('devices.history')}
      </Title>
      <QueryState query={history}>
        {(rows) =>
          rows.length === 0 ? (
            <Text c="dimmed">{t('devices.noHistory')}</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('devices.at')}</Table.Th>
                  <Table.Th>{t('devices.deviceId')}</Table.Th>
                  <Table.Th>{t('devices.shop')}</Table.Th>
                  <Table.Th>{t('devices.action')}</Table.Th>
                  <Table.Th>{t('devices.by')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={`${r.device_id}-${r.at}-${r.action}`}>
                    <Table.Td>
                      <DateTime value={r.at} />
                    </Table.Td>
                    <Table.Td>
                      {r.tag}
                      <Text size="xs" c="dimmed">
                        {r.serial_no}
                      </Text>
                    </Table.Td>
                    <Table.Td>{r.customer_name}</Table.Td>
                    <Table.Td>{t(`devices.historyActions.${r.action}`)}</Table.Td>
                    <Table.Td>{r.by}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
    </>
  );
}

/**
 * `/assign/devices/` and `/user/devices`: the reseller's devices, each handed to one of its shops or taken back;
 * `/customer/devices/{customerId}`: the same for one shop.
 */
export function AssignDevicesPage({ manage }: { manage: boolean }) {
  const { t } = useTranslation();
  const param = useParams().customerId;
  const customerId = param ? Number(param) : undefined;
  const assign = useAssignDevice();
  const columns: Column<Device>[] = [
    { key: 'tag', header: t('devices.tag'), render: (d) => d.tag },
    { key: 'serial', header: t('devices.serialNo'), render: (d) => d.serial_no },
    { key: 'status', header: t('devices.status'), render: (d) => <DeviceStatusBadge status={d.status} /> },
    {
      key: 'shop',
      header: t('devices.shop'),
      render: (d) =>
        manage ? (
          <CustomerPicker
            source={customerSource}
            inline
            label={t('devices.shopFor', { tag: d.tag })}
            value={d.customer_id}
            selectedName={d.customer_name ?? undefined}
            onChange={(id) => id && id !== d.customer_id && assign.mutate({ device_id: d.id, customer_id: id })}
            w={260}
          />
        ) : (
          (d.customer_name ?? '—')
        ),
    },
    {
      key: 'actions',
      header: t('devices.actions'),
      render: (d) =>
        manage && d.customer_id !== null ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={assign.isPending && assign.variables?.device_id === d.id}
            onClick={() => assign.mutate({ device_id: d.id, customer_id: null })}
          >
            {t('devices.unassign')}
          </Button>
        ) : null,
    },
  ];
  const title = customerId ? 'screen.customerDevices' : manage ? 'screen.assignDevices' : 'screen.userDevices';
  return (
    <>
      <PageHeader title={t(title)} description={t('devices.assignDescription')} />
      <DataTable
        queryKey={deviceKeys.assigned(customerId ?? 'all')}
        queryFn={findAssignedDevices(customerId)}
        columns={columns}
        rowKey={(d) => d.id}
        defaultFilters={NO_DEVICE_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => (
          <SearchBox value={filters.search} onSearch={(search) => setFilters({ search })} label={t('devices.search')} />
        )}
      />
      <History customerId={customerId} />
    </>
  );
}
