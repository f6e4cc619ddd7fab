import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Edit and delete of one category or product of the reseller's hardware catalogue, each named for screen readers. */
export function EditDeleteActions(o: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  justify?: 'flex-end';
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify={o.justify}>
      <Tooltip label={t('hardware.edit')}>
        <ActionIcon variant="subtle" aria-label={o.editLabel} onClick={o.onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('hardware.delete')}>
        <ActionIcon variant="subtle" color="red" aria-label={o.deleteLabel} onClick={o.onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
