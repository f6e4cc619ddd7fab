import { Badge } from '@mantine/core';
import type { TopupStatus } from '@portal/contract/topup';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<TopupStatus, string> = { pending: 'blue', successful: 'teal', failed: 'red', refunded: 'gray' };

/** A provider sale's status (top-ups, recharges, bus tickets). */
export function TopupStatusBadge({ status }: { status: TopupStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOURS[status]}>
      {t(`topup.statuses.${status}`)}
    </Badge>
  );
}
