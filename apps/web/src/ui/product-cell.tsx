import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A list's product column: the product's name (a link where the row opens a screen) and under it, dimmed, what it
 * is (its type, a denomination, a number), with an optional badge beside that.
 */
export function ProductCell({
  name,
  to,
  detail,
  badge,
}: {
  name: string;
  to?: string;
  detail: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <div>
      {to ? (
        <Text size="sm" fw={500} component={Link} to={to}>
          {name}
        </Text>
      ) : (
        <Text size="sm" fw={500}>
          {name}
        </Text>
      )}
      <Group gap={6}>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
        {badge}
      </Group>
    </div>
  );
}
