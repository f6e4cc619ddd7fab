import { Badge } from '@mantine/core';
import type { ReclamationStatus } from '@portal/contract/reclamations';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<ReclamationStatus, string> = {
  new: 'blue',
  in_progress: 'cyan',
  accepted: 'teal',
  in_review: 'violet',
  approved: 'green',
  rejected: 'red',
  credited: 'gray',
};

export function StatusBadge({ status }: { status: ReclamationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOURS[status]}>
      {t(`reclamations.status.${status}`)}
    </Badge>
  );
}
