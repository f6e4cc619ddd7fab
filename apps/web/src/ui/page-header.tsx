import { Group, Stack, Text, Title } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';

/** The app layer fills this with controls every page header carries (the star toggle), so ui does not import features. */
export const PageHeaderExtras = createContext<ReactNode>(null);

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const extras = useContext(PageHeaderExtras);
  return (
    <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          <Title order={1} fz="h2">
            {title}
          </Title>
          {extras}
        </Group>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
