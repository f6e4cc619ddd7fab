import { ActionIcon, Button, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { askToConfirm } from '../../ui/confirm-action.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { DeviceStatusBadge } from './device-status-badge.tsx';
import { type Device, deviceKeys, findDevices, NO_DEVICE_FILTERS, useDeleteDevice } from './devices.queries.ts';

const ALLOWED = { search: undefined };

/** `/devices`: every device of the platform, with the reseller and shop it is with. */
export function DeviceListPage() {
  const { t } = useTranslation();
  const remove = useDeleteDevice();
  // Deleting takes the device from its shop too; the server keeps no way back, so there is no undo.
  const askToDelete = (d: Device) =>
    askToConfirm({
      title: t('safeActions.device.title', { tag: d.tag }),
      consequence: d.customer_name
        ? t('safeActions.device.withShop', { tag: d.tag, serial: d.serial_no, shop: d.customer_name })
        : t('safeActions.device.consequence', { tag: d.tag, serial: d.serial_no }),
      confirmLabel: t('safeActions.deleteConfirm'),
      danger: true,
      run: () => remove.mutateAsync(d.id),
      done: { message: t('safeActions.device.done', { tag: d.tag }) },
    });
  const columns: Column<Device>[] = [
    { key: 'tag', header: t('devices.tag'), render: (d) => d.tag },
    {
      key: 'serial',
      header: t('devices.serialNo'),
      render: (d) => (
        <Text size="sm" ff="monospace">
          {d.serial_no}
        </Text>
      ),
    },
    { key: 'status', header: t('devices.status'), render: (d) => <DeviceStatusBadge status={d.status} /> },
    { key: 'reseller', header: t('devices.reseller'), render: (d) => d.reseller_name ?? '—' },
    { key: 'shop', header: t('devices.shop'), render: (d) => d.customer_name ?? '—' },
    {
      key: 'actions',
      header: <VisuallyHidden>{t('devices.actions')}</VisuallyHidden>,
      align: 'right',
      render: (d) => (
        <>
          <Tooltip label={t('devices.edit')}>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={`/device/edit/${d.id}`}
              aria-label={t('devices.editNamed', { tag: d.tag })}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('devices.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('devices.deleteNamed', { tag: d.tag })}
              onClick={() => askToDelete(d)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('screen.devices')}
        description={t('devices.listDescription')}
        actions={
          <Button component={Link} to="/device/add" leftSection={<IconPlus size={16} />}>
            {t('screen.deviceAdd')}
          </Button>
        }
      />
      <DataTable
        queryKey={deviceKeys.platform()}
        queryFn={findDevices}
        columns={columns}
        rowKey={(d) => d.id}
        defaultFilters={NO_DEVICE_FILTERS}
        allowedFilters={ALLOWED}
        toolbar={(filters, setFilters) => (
          <SearchBox value={filters.search} onSearch={(search) => setFilters({ search })} label={t('devices.search')} />
        )}
      />
    </>
  );
}
