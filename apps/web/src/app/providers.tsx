import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../i18n/index.ts';
import { useSettings } from '../lib/settings.ts';
import { ConfirmHost } from '../ui/confirm-action.tsx';
import { NotificationsHost } from './notifications-host.tsx';
import { accessibleVariables, buildTheme } from './theme.ts';

/** Theme from the device's template and colour scheme, the language, and the query cache. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { t } = useTranslation();
  const { template, theme, language } = useSettings();
  const closeLabel = t('common.close');
  const mantineTheme = useMemo(() => buildTheme(template, closeLabel), [template, closeLabel]);
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
      <ConfirmHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
