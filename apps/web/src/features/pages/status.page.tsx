import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertOctagon,
  IconArrowLeft,
  IconHome,
  IconLock,
  IconMapPinOff,
  IconRefresh,
  IconRocket,
  IconTool,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Messages } from '../../i18n/domains.ts';

export type StatusKind = 'not-found' | 'server-error' | 'not-authorized' | 'coming-soon' | 'maintenance';

const STATUSES: Record<
  StatusKind,
  {
    code?: string;
    icon: ComponentType<{ size?: number }>;
    colour: string;
    title: keyof Messages['pages'];
    text: keyof Messages['pages'];
    action: 'home' | 'reload' | 'back';
  }
> = {
  'not-found': {
    code: '404',
    icon: IconMapPinOff,
    colour: 'gray',
    title: 'notFoundTitle',
    text: 'notFoundText',
    action: 'home',
  },
  'server-error': {
    code: '500',
    icon: IconAlertOctagon,
    colour: 'red',
    title: 'serverErrorTitle',
    text: 'serverErrorText',
    action: 'reload',
  },
  'not-authorized': {
    code: '403',
    icon: IconLock,
    colour: 'orange',
    title: 'notAuthorizedTitle',
    text: 'notAuthorizedText',
    action: 'back',
  },
  'coming-soon': {
    icon: IconRocket,
    colour: 'brand',
    title: 'comingSoonTitle',
    text: 'comingSoonText',
    action: 'home',
  },
  maintenance: {
    icon: IconTool,
    colour: 'yellow',
    title: 'maintenanceTitle',
    text: 'maintenanceText',
    action: 'reload',
  },
};

/** The error, coming-soon and maintenance screens: one layout, differing only in these texts and the offered action. */
export function StatusPage({ kind }: { kind: StatusKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = STATUSES[kind];
  const Icon = status.icon;
  return (
    <Stack align="center" ta="center" gap="md" maw={520} py="xl">
      <ThemeIcon size={88} radius="xl" variant="light" color={status.colour}>
        <Icon size={48} />
      </ThemeIcon>
      {status.code && (
        <Text fz={48} fw={800} c="dimmed" lh={1}>
          {status.code}
        </Text>
      )}
      <Title order={1} fz="h2">
        {t(`pages.${status.title}`)}
      </Title>
      <Text c="dimmed">{t(`pages.${status.text}`)}</Text>
      <Group justify="center">
        {status.action === 'reload' && (
          <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        )}
        {status.action === 'back' && (
          <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => navigate(-1)}>
            {t('common.back')}
          </Button>
        )}
        <Button
          component={Link}
          to="/"
          variant={status.action === 'home' ? 'filled' : 'light'}
          leftSection={<IconHome size={16} />}
        >
          {t('common.backHome')}
        </Button>
      </Group>
    </Stack>
  );
}
