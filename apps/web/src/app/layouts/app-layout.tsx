import { AppShell, Box, Burger, Container, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useOrganisation } from '../../features/organisations/organisations.queries.ts';
import { StarToggle } from '../../features/settings/star-toggle.tsx';
import { useSettings } from '../../lib/settings.ts';
import { OrganisationBrand } from '../../ui/organisation-brand.tsx';
import { PageHeaderExtras } from '../../ui/page-header.tsx';
import { AccountControls } from './account-controls.tsx';
import { FooterLinks } from './footer-links.tsx';
import classes from './layout.module.css';
import { SideMenu, TopMenu } from './menus.tsx';

const TOP_BAR = 60;
const MENU_ROW = 48;

/** Screens with a menu: a menu row under the top bar (horizontal, the default) or a sidebar (vertical). */
export function AppLayout() {
  const { t } = useTranslation();
  const organisation = useOrganisation();
  const { layout, template, theme } = useSettings();
  const { pathname } = useLocation();
  // The mobile menu belongs to the page it was opened on, so following one of its links closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const mobileOpen = openedOn === pathname;
  const vertical = layout === 'vertical';
  const darkMenu = template === 1 ? classes.darkNav : undefined;

  return (
    <AppShell
      header={{ height: vertical ? TOP_BAR : { base: TOP_BAR, md: TOP_BAR + MENU_ROW } }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !mobileOpen, desktop: !vertical } }}
      padding="md"
      data-layout={layout}
      className={classes.shell}
    >
      <AppShell.Header>
        <Group h={TOP_BAR} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={mobileOpen}
              onClick={() => setOpenedOn(mobileOpen ? null : pathname)}
              hiddenFrom="md"
              size="sm"
              aria-label={t('menu.openMenu')}
              aria-expanded={mobileOpen}
            />
            <OrganisationBrand organisation={organisation.data} />
          </Group>
          <AccountControls />
        </Group>
        {!vertical && (
          <Box
            visibleFrom="md"
            className={[classes.menuRow, darkMenu].filter(Boolean).join(' ')}
            data-testid="top-menu"
          >
            <TopMenu />
          </Box>
        )}
      </AppShell.Header>
      {(vertical || mobileOpen) && (
        <AppShell.Navbar p="sm" className={darkMenu} data-testid={vertical ? 'side-menu' : undefined}>
          <SideMenu />
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main" bg={template === 5 && theme === 'light' ? 'var(--mantine-color-brand-0)' : undefined}>
        <Container size="xl" px={0}>
          <PageHeaderExtras.Provider
            value={
              <span className={classes.noPrint}>
                <StarToggle path={pathname} />
              </span>
            }
          >
            <Outlet />
          </PageHeaderExtras.Provider>
        </Container>
        <FooterLinks />
      </AppShell.Main>
    </AppShell>
  );
}
