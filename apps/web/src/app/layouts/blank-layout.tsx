import { Box, Center, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../../features/settings/language-picker.tsx';
import { useSettings } from '../../lib/settings.ts';
import { FooterLinks } from './footer-links.tsx';

/** Sign-in, loading and status screens: centred, no menu. */
export function BlankLayout() {
  const { template, theme } = useSettings();
  const pale = template === 5 && theme === 'light';
  return (
    <Box
      mih="100dvh"
      bg={pale ? 'var(--mantine-color-brand-0)' : undefined}
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="flex-end" p="sm">
        <LanguagePicker />
      </Group>
      <Center component="main" id="main" p="md" style={{ flex: 1 }}>
        <Outlet />
      </Center>
      <FooterLinks />
    </Box>
  );
}
