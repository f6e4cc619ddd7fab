import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy-page.ts';

/** What renders when a screen throws: a chunk that did not load gets a reload button, anything else the 500 page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to="/pages/error-404" replace />;
  if (!(error instanceof ChunkLoadError)) return <Navigate to="/pages/error-500" replace />;
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" ta="center" maw={480} role="alert">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange">
          <IconCloudOff size={40} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {t('errors.chunkTitle')}
        </Title>
        <Text c="dimmed">{t('errors.chunkText')}</Text>
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
