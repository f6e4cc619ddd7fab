import { Badge, Button, Group, Paper, SimpleGrid, Stack, Tabs, Title } from '@mantine/core';
import type { CustomerDetails } from '@portal/contract/customers';
import { RULES } from '@portal/contract/rules';
import {
  IconCoins,
  IconDiscount2,
  IconHistory,
  IconId,
  IconListDetails,
  IconPackage,
  IconPencil,
  IconRefresh,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useCustomerDetails } from '../../../lib/customer-lookup.ts';
import { useCan } from '../../../lib/permissions.ts';
import { ApiKeysPanel } from '../../../ui/api-keys-panel.tsx';
import { type EntryViews, WalletHistory } from '../../../ui/ledger-table.tsx';
import { Money } from '../../../ui/money.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { walletHistorySource } from '../../credit/credit.queries.ts';
import { useApiKeyCalls } from '../../partner/partner.queries.ts';
import { ChangePanels } from './change-panels.tsx';
import { ChangesTab } from './changes-tab.tsx';
import { Figure, Overview } from './overview.tsx';
import { ServicesDiscountsPanel } from './services-discounts-panel.tsx';

/** `/customer/details/{customerId}`: everything about one customer, and the changes that have their own call. */
export function CustomerDetailsPage({ entryViews }: { entryViews?: EntryViews }) {
  const details = useCustomerDetails(Number(useParams().customerId));
  return <QueryState query={details}>{(c) => <DetailsView c={c} entryViews={entryViews} />}</QueryState>;
}

function DetailsView({ c, entryViews }: { c: CustomerDetails; entryViews?: EntryViews }) {
  const { t } = useTranslation();
  const canChange = useCan(RULES.customersChange);
  const canCredit = useCan(RULES.credit);
  const canAssign = useCan(RULES.assignProducts);
  const canSeeMoney = useCan(RULES.balances);
  const canDynamicDiscounts = useCan(RULES.dynamicProducts);
  const canProviderDiscounts = useCan(RULES.providerDiscounts);
  // The trail's read call answers operators only (`/customer_changes/`); the tab follows the same rule.
  const canSeeChanges = useCan(RULES.operators);
  const [params, setParams] = useSearchParams();
  const tab = canSeeChanges && params.get('tab') === 'changes' ? 'changes' : 'details';
  const chooseTab = (next: string | null) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'changes') out.set('tab', 'changes');
        else out.delete('tab');
        return out;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={c.name}
        description={
          <Group gap="xs" component="span">
            <span>
              {t('customers.number')} {c.customer_id}
              {c.username ? ` · ${c.username}` : ''}
            </span>
            <Badge variant="light" color={c.is_active ? 'teal' : 'gray'}>
              {t(c.is_active ? 'customers.active' : 'customers.inactive')}
            </Badge>
          </Group>
        }
        actions={
          <>
            {canChange && (
              <Button component={Link} to={`/customer/edit/${c.customer_id}`} leftSection={<IconPencil size={16} />}>
                {t('customers.edit')}
              </Button>
            )}
            {canAssign && (
              <Button
                component={Link}
                to={`/customer/${c.customer_id}/pad`}
                variant="default"
                leftSection={<IconPackage size={16} />}
              >
                {t('screen.customerPad')}
              </Button>
            )}
            {canDynamicDiscounts && (
              <Button
                component={Link}
                to={`/customer/${c.customer_id}/dynamic/discount`}
                variant="default"
                leftSection={<IconDiscount2 size={16} />}
              >
                {t('screen.customerDynamicDiscount')}
              </Button>
            )}
            {canCredit && (
              <Button
                component={Link}
                to={`/customer/${c.customer_id}/credit/add`}
                variant="default"
                leftSection={<IconCoins size={16} />}
              >
                {t('screen.creditAdd')}
              </Button>
            )}
            {canCredit && (
              <Button
                component={Link}
                to={`/customer/${c.customer_id}/credit/auto`}
                variant="default"
                leftSection={<IconRefresh size={16} />}
              >
                {t('screen.autoCredit')}
              </Button>
            )}
            {canSeeMoney && (
              <Button
                component={Link}
                to={`/admin/customer-ledger?customer_id=${c.customer_id}`}
                variant="default"
                leftSection={<IconListDetails size={16} />}
              >
                {t('screen.customerLedger')}
              </Button>
            )}
          </>
        }
      />
      <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
        {canSeeChanges && (
          <Tabs.List mb="md">
            <Tabs.Tab value="details" leftSection={<IconId size={16} />}>
              {t('audit.tabs.details')}
            </Tabs.Tab>
            <Tabs.Tab value="changes" leftSection={<IconHistory size={16} />}>
              {t('audit.tabs.changes')}
            </Tabs.Tab>
          </Tabs.List>
        )}
        <Tabs.Panel value="details">
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Figure label={t('credit.balance')} testId="customer-balance">
                <Money amount={c.balance ?? '0'} />
              </Figure>
              <Figure label={t('credit.outstandingCredit')} testId="customer-outstanding">
                <Money amount={c.outstanding_credit ?? '0'} />
              </Figure>
              <Figure label={t('credit.creditLimit')} testId="customer-limit">
                <Money amount={c.credit_limit ?? '0'} />
              </Figure>
            </SimpleGrid>
            <Overview c={c} />
            {canChange && <ChangePanels c={c} />}
            {canProviderDiscounts && <ServicesDiscountsPanel customerId={c.customer_id} />}
            {canChange && c.account_role === 2 && <ShopApiKeys customerId={c.customer_id} />}
            {canSeeMoney && (
              <Paper withBorder radius="md" p="lg">
                <Title order={2} fz="h4" mb="md">
                  {t('credit.walletHistory')}
                </Title>
                <WalletHistory source={walletHistorySource(c.customer_id)} urlPrefix="w_" entryViews={entryViews} />
              </Paper>
            )}
          </Stack>
        </Tabs.Panel>
        {canSeeChanges && (
          <Tabs.Panel value="changes">
            <ChangesTab customerId={c.customer_id} />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}

/** A shop's partner API keys, for operators with has_customers (decision 0097). */
function ShopApiKeys({ customerId }: { customerId: number }) {
  return <ApiKeysPanel {...useApiKeyCalls(customerId)} />;
}
