import { Button, Group, NumberInput, Paper, Table, Text, Title } from '@mantine/core';
import { MAX_LOW_STOCK_THRESHOLD } from '@portal/contract/dashboard';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify, notifyError } from '../../../lib/notify.ts';
import { Money } from '../../../ui/money.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useLowStockThresholds, useSetLowStockThreshold } from '../../reports/dashboard.queries.ts';

/** The owner's low-stock threshold of each denomination, which the home dashboard compares with its stock. */
export function LowStockThresholds({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const list = useLowStockThresholds(productId);
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h4" id={headingId}>
        {t('dashboard.thresholds')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('dashboard.thresholdsHint')}
      </Text>
      <QueryState query={list}>
        {(data) => (
          <Table.ScrollContainer minWidth={420}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dashboard.denomination')}</Table.Th>
                  <Table.Th ta="right">{t('dashboard.available')}</Table.Th>
                  <Table.Th>{t('dashboard.threshold')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.thresholds.map((r) => (
                  <Table.Tr key={r.configuration_id}>
                    <Table.Td>
                      <Money amount={r.value} />
                    </Table.Td>
                    <Table.Td ta="right">{r.available}</Table.Td>
                    <Table.Td>
                      <ThresholdInput configurationId={r.configuration_id} threshold={r.threshold} value={r.value} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Paper>
  );
}

function ThresholdInput({
  configurationId,
  threshold,
  value,
}: {
  configurationId: number;
  threshold: number;
  value: string;
}) {
  const { t } = useTranslation();
  const [next, setNext] = useState<number>(threshold);
  const save = useSetLowStockThreshold();
  return (
    <Group gap="xs" wrap="nowrap">
      <NumberInput
        size="xs"
        w={110}
        aria-label={t('dashboard.thresholdFor', { name: value })}
        min={0}
        max={MAX_LOW_STOCK_THRESHOLD}
        allowDecimal={false}
        allowNegative={false}
        value={next}
        onChange={(v) => setNext(typeof v === 'number' ? v : Number(v) || 0)}
      />
      <Button
        size="xs"
        variant="default"
        disabled={next === threshold}
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { configuration_id: configurationId, threshold: next },
            {
              onSuccess: () => notify({ color: 'teal', message: t('dashboard.thresholdSaved') }),
              onError: notifyError,
            },
          )
        }
      >
        {t('common.save')}
      </Button>
    </Group>
  );
}
