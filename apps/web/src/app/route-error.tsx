import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ChunkLoadError } from './lazy-page.ts';

/** What renders when a screen throws: a chunk that did not load gets a reload button, anything else the 500 page. */
function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
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

interface BoundaryState {
  error: unknown;
  /** The path the error happened on: moving to another path (the 500 page, a menu link) renders the screens again. */
  pathname: string | null;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null, pathname: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.pathname === null) return state.error === null ? null : { pathname: props.pathname };
    return state.pathname === props.pathname ? null : { error: null, pathname: null };
  }

  render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** Catches what any screen throws, as the data router's error element did. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
