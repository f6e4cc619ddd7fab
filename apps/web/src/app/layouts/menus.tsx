import { Button, Group, Menu, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconStarFilled } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { NavItem } from '../../lib/navigation.ts';
import { useSession } from '../../lib/session.ts';
import { useSettings } from '../../lib/settings.ts';
import { type MenuSection, menuFor, starredFor } from '../routes.tsx';

function isActive(path: string, pathname: string): boolean {
  return path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
}

function useMenu(): { sections: MenuSection[]; starred: NavItem[] } {
  const { user } = useSession();
  const { starred_pages } = useSettings();
  return useMemo(() => ({ sections: menuFor(user), starred: starredFor(user, starred_pages) }), [user, starred_pages]);
}

/** The vertical menu: the sidebar of the vertical layout and the mobile menu of both layouts. */
export function SideMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { sections, starred } = useMenu();
  const link = ({ path, title, icon: Icon }: NavItem) => (
    <NavLink
      key={path}
      component={Link}
      to={path}
      label={t(title)}
      leftSection={<Icon size={18} stroke={1.6} />}
      active={isActive(path, pathname)}
      aria-current={isActive(path, pathname) ? 'page' : undefined}
    />
  );
  return (
    <ScrollArea component="nav" aria-label={t('menu.main')} type="scroll" h="100%">
      <Stack gap="md">
        {sections.map((section) => (
          <div key={section.group}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm" mb={4}>
              {t(`menu.${section.group}`)}
            </Text>
            {section.items.map(link)}
          </div>
        ))}
        {starred.length > 0 && (
          <div data-testid="starred-menu">
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm" mb={4}>
              {t('menu.starred')}
            </Text>
            {starred.map(link)}
          </div>
        )}
      </Stack>
    </ScrollArea>
  );
}

/**
 * The menu row of the horizontal layout (desktop): the main screens as buttons, every other group of
 * several screens as one dropdown, so the row stays readable however many screens a role has.
 */
export function TopMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { sections, starred } = useMenu();
  const button = ({ path, title, icon: Icon }: NavItem) => (
    <Button
      key={path}
      component={Link}
      to={path}
      variant={isActive(path, pathname) ? 'light' : 'subtle'}
      color={isActive(path, pathname) ? 'brand' : 'gray'}
      leftSection={<Icon size={18} stroke={1.6} />}
      aria-current={isActive(path, pathname) ? 'page' : undefined}
    >
      {t(title)}
    </Button>
  );
  return (
    <Group component="nav" aria-label={t('menu.main')} gap={4} h="100%" px="md" wrap="nowrap">
      {sections.map((section) => {
        if (section.group === 'main' || section.items.length === 1) return section.items.map(button);
        const active = section.items.some((item) => isActive(item.path, pathname));
        const Icon = section.items[0]!.icon; // menuFor leaves out empty sections
        return (
          <Menu key={section.group} position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant={active ? 'light' : 'subtle'}
                color={active ? 'brand' : 'gray'}
                leftSection={<Icon size={18} stroke={1.6} />}
                rightSection={<IconChevronDown size={14} />}
              >
                {t(`menu.${section.group}`)}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {section.items.map(({ path, title, icon: ItemIcon }) => (
                <Menu.Item
                  key={path}
                  component={Link}
                  to={path}
                  leftSection={<ItemIcon size={16} />}
                  aria-current={isActive(path, pathname) ? 'page' : undefined}
                >
                  {t(title)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
      {starred.length > 0 && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconStarFilled size={16} color="var(--mantine-color-yellow-6)" />}
              rightSection={<IconChevronDown size={14} />}
              data-testid="starred-menu"
            >
              {t('menu.starred')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {starred.map(({ path, title, icon: Icon }) => (
              <Menu.Item key={path} component={Link} to={path} leftSection={<Icon size={16} />}>
                {t(title)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
