import { Button, Group } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/**
 * The approve and reject buttons of a row waiting for a decision (a registration, a login request). `deciding`
 * names the decision being sent for this row: its button spins and both wait for the answer.
 */
export function DecisionButtons({
  labels,
  onApprove,
  onReject,
  deciding = null,
}: {
  labels: { approve: string; reject: string };
  onApprove: () => void;
  onReject: () => void;
  deciding?: 'approve' | 'reject' | null;
}) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        color="teal"
        leftSection={<IconCheck size={14} />}
        loading={deciding === 'approve'}
        disabled={deciding === 'reject'}
        onClick={onApprove}
      >
        {labels.approve}
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        leftSection={<IconX size={14} />}
        loading={deciding === 'reject'}
        disabled={deciding === 'approve'}
        onClick={onReject}
      >
        {labels.reject}
      </Button>
    </Group>
  );
}
