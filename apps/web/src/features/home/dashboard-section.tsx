import { Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One box of the operators' dashboard: a title, an optional hint and its content. */
export function DashboardSection({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" id={id}>
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
      <Stack mt="sm" gap="xs">
        {children}
      </Stack>
    </Paper>
  );
}
