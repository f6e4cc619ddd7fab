import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import type { SellerDashboard } from '@portal/contract/selling';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../ui/money.tsx';

export function TodaysSales({ today }: { today: SellerDashboard['today'] | undefined }) {
  const { t } = useTranslation();
  const figures: { key: string; label: string; value: (d: SellerDashboard['today']) => ReactNode }[] = [
    { key: 'sales', label: t('selling.dashboard.salesToday'), value: (d) => d.sales_count },
    { key: 'pins', label: t('selling.dashboard.pinsToday'), value: (d) => d.quantity },
    { key: 'value', label: t('selling.dashboard.valueToday'), value: (d) => <Money amount={d.total_value} /> },
  ];
  // Staff of a shop that masks its discount do not see what the shop paid.
  if (today?.total_price !== null) {
    figures.push({
      key: 'price',
      label: t('selling.dashboard.paidToday'),
      value: (d) => (d.total_price === null ? null : <Money amount={d.total_price} />),
    });
  }
  return (
    <section aria-labelledby="today">
      <Title order={2} fz="h4" mb="sm" id="today">
        {t('selling.dashboard.today')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {figures.map(({ key, label, value }) => (
          <Paper key={key} withBorder radius="md" p="md" data-testid={`today-${key}`}>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            {today ? (
              <Text fz={24} fw={700}>
                {value(today)}
              </Text>
            ) : (
              <Skeleton h={30} mt={4} w="60%" />
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
