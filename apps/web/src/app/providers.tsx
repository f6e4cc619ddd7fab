import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { switchLanguage } from '../i18n/index.ts';
import { useSettings } from '../lib/settings.ts';
import { NotificationsHost } from './notifications-host.tsx';
import { accessibleVariables, buildTheme } from './theme.ts';

/** Theme from the device's template and colour scheme, the language, and the query cache. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { template, theme, language } = useSettings();
  const mantineTheme = useMemo(() => buildTheme(template), [template]);
  const cssVariables = useMemo(() => accessibleVariables(template), [template]);

  useEffect(() => {
    void switchLanguage(language);
  }, [language]);

  useEffect(() => {
    document.documentElement.dataset.template = String(template);
  }, [template]);

  return (
    <MantineProvider theme={mantineTheme} cssVariablesResolver={cssVariables} forceColorScheme={theme}>
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
