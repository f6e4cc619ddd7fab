import { Button, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { UserInfo } from '@portal/contract/auth';
import { ROLE } from '@portal/contract/roles';
import { RULES } from '@portal/contract/rules';
import { IconChevronRight, IconLogin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNavItems } from '../../lib/navigation.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSession } from '../../lib/session.ts';
import { BalanceCards } from '../../ui/balance-cards.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { BALANCE_ROLES, useBalance } from '../credit/balance.queries.ts';
import { useOrganisation } from '../organisations/organisations.queries.ts';
import { SalesDashboard } from './sales-dashboard.tsx';

const ROLE_KEYS = {
  [ROLE.superadmin]: 'role.superadmin',
  [ROLE.reseller]: 'role.reseller',
  [ROLE.seller]: 'role.seller',
  [ROLE.webSupport]: 'role.webSupport',
} as const;

export function HomePage() {
  const { user } = useSession();
  return user ? <UserHome user={user} /> : <VisitorHome />;
}

function VisitorHome() {
  const { t } = useTranslation();
  const organisation = useOrganisation();
  const name = organisation.data?.organisation_name ?? t('app.name');
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={720} mx="auto" mt="xl">
      <Stack align="flex-start">
        <Title order={1}>{t('dashboard.home.welcomeVisitor', { organisation: name })}</Title>
        <Text size="lg" c="dimmed">
          {t('dashboard.home.visitorText')}
        </Text>
        <Button component={Link} to="/login" size="md" leftSection={<IconLogin size={18} />}>
          {t('common.signIn')}
        </Button>
      </Stack>
    </Paper>
  );
}

function UserHome({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const links = useNavItems().filter((item) => item.path !== '/');
  const role = t(ROLE_KEYS[user.account_role]);
  const hasBalance = BALANCE_ROLES.includes(user.account_role);
  const balance = useBalance(user.customer_id, hasBalance);
  const figures = useCan(RULES.reportsOperators);
  return (
    <>
      <PageHeader
        title={t('dashboard.home.welcomeUser', { name: user.name || user.username })}
        description={t('dashboard.home.roleLine', {
          role: user.internal_role === 1 ? `${role} (${t('role.staff')})` : role,
          organisation: user.organisation_name,
        })}
      />
      <Stack gap="xl">
        {hasBalance && <BalanceCards balance={balance} />}
        {figures && <SalesDashboard />}
        {links.length > 0 && (
          <section aria-labelledby="quick-links">
            <Title order={2} fz="h4" mb="sm" id="quick-links">
              {t('dashboard.home.quickLinks')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
              {links.map(({ path, title, icon: Icon }) => (
                <Card key={path} component={Link} to={path} withBorder radius="md" padding="md">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap">
                      <ThemeIcon variant="light" size="lg">
                        <Icon size={20} />
                      </ThemeIcon>
                      <Text fw={500}>{t(title)}</Text>
                    </Group>
                    <IconChevronRight size={16} />
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        )}
      </Stack>
    </>
  );
}
