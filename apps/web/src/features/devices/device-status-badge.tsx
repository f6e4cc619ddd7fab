import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Device } from './devices.queries.ts';

/** A device's status, on the platform's device list and on the reseller's assignment screen. */
export function DeviceStatusBadge({ status }: { status: Device['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={status === 'active' ? 'teal' : 'gray'}>
      {t(`devices.statuses.${status}`)}
    </Badge>
  );
}
