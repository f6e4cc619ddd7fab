import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Group,
  HoverCard,
  Menu,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { UserInfo } from '@portal/contract/auth';
import { ROLE } from '@portal/contract/roles';
import { IconChevronDown, IconHeadset, IconLogin, IconLogout, IconMail, IconPhone } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NoticeBell } from '../../features/alerts/notice-bell.tsx';
import { useSignOut } from '../../features/auth/auth.queries.ts';
import { HeaderSearch } from '../../features/search/header-search.tsx';
import { LanguagePicker } from '../../features/settings/language-picker.tsx';
import { useSession } from '../../lib/session.ts';
import { menuFor } from '../routes.tsx';

/** Right side of the top bar: support box (sellers), language, and the user menu or a sign-in button. */
export function AccountControls() {
  const { user, session } = useSession();
  return (
    <Group gap="xs" wrap="nowrap">
      {session && <HeaderSearch />}
      {user?.account_role === ROLE.seller && <SupportBox user={user} />}
      {/* On phones the language is changed on the settings page, so the organisation name keeps its room. */}
      <Box visibleFrom="sm">
        <LanguagePicker />
      </Box>
      {session && <NoticeBell />}
      {session ? <UserMenu user={user} /> : <SignInButton />}
    </Group>
  );
}

function SignInButton() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/login" size="sm" leftSection={<IconLogin size={16} />}>
      {t('common.signIn')}
    </Button>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

function UserMenu({ user }: { user: UserInfo | null }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const display = user?.name || user?.username || '';
  // The account group's screens the user may open (settings, the shop's API keys, the platform's details).
  const accountScreens = useMemo(() => menuFor(user).find((s) => s.group === 'account')?.items ?? [], [user]);
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        {/* Named by its visible text (the user's name) plus the word for the menu, not by a label hiding the name. */}
        <UnstyledButton data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={32} aria-hidden>
              {initials(display)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {display}
            </Text>
            <VisuallyHidden>{t('menu.account')}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user && (
          <Menu.Label>
            {user.username} · {user.organisation_name}
          </Menu.Label>
        )}
        {accountScreens.map(({ path, title, icon: Icon }) => (
          <Menu.Item key={path} component={Link} to={path} leftSection={<Icon size={16} />}>
            {t(title)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => signOut.mutate()}>
          {t('common.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Spec section 6: sellers get a support hover box with their support contact. */
function SupportBox({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const info = user.contact_details?.support_info;
  const empty = !info?.email && !info?.phone && !info?.text;
  return (
    <HoverCard width={280} position="bottom-end" shadow="md" openDelay={100} closeDelay={200} withinPortal>
      <HoverCard.Target>
        <ActionIcon variant="light" size="lg" aria-label={t('support.title')} data-testid="support-box">
          <IconHeadset size={20} />
        </ActionIcon>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Stack gap={6}>
          <Text fw={600}>{t('support.title')}</Text>
          {empty && (
            <Text size="sm" c="dimmed">
              {t('support.none')}
            </Text>
          )}
          {info?.text && <Text size="sm">{info.text}</Text>}
          {info?.email && (
            <Group gap={6} wrap="nowrap">
              <IconMail size={16} aria-label={t('support.email')} />
              <Text size="sm" component="a" href={`mailto:${info.email}`}>
                {info.email}
              </Text>
            </Group>
          )}
          {info?.phone && (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} aria-label={t('support.phone')} />
              <Text size="sm" component="a" href={`tel:${info.phone.replace(/\s+/g, '')}`}>
                {info.phone}
              </Text>
            </Group>
          )}
        </Stack>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
