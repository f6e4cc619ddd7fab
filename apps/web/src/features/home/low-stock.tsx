import { Anchor, Button, Modal, NumberInput, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type LowStockRow, lowStockThresholdBody, MAX_LOW_STOCK_THRESHOLD } from '@portal/contract/dashboard';
import { RULES } from '@portal/contract/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../lib/format.ts';
import { useCan } from '../../lib/permissions.ts';
import { zodValidate } from '../../lib/zod-form.ts';
import { ApiForm } from '../../ui/form-kit.tsx';
import { Money } from '../../ui/money.tsx';
import { useSetLowStockThreshold } from '../reports/dashboard.queries.ts';
import { DashboardSection as Section } from './dashboard-section.tsx';

/** Denominations whose available PINs are under their threshold, each threshold changeable. */
export function LowStock({ rows }: { rows: LowStockRow[] }) {
  const { t } = useTranslation();
  const canSet = useCan(RULES.inventory);
  const canOpenProduct = useCan(RULES.products);
  const [editing, setEditing] = useState<LowStockRow | null>(null);
  if (!canSet) return null;
  return (
    <Section title={t('dashboard.lowStock')} hint={t('dashboard.lowStockHint')}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.noLowStock')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.denomination')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.available')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.threshold')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.configuration_id}>
                  <Table.Td>
                    {canOpenProduct ? (
                      <Anchor component={Link} to={`/products/view/${r.product_id}`} size="sm">
                        {r.product_name}
                      </Anchor>
                    ) : (
                      r.product_name
                    )}{' '}
                    <Money amount={r.value} />
                  </Table.Td>
                  <Table.Td ta="right" c={r.available === 0 ? 'red' : undefined}>
                    {r.available}
                  </Table.Td>
                  <Table.Td ta="right">{r.threshold}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="compact-xs" variant="default" onClick={() => setEditing(r)}>
                      {t('dashboard.changeThreshold')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && <ThresholdDialog row={editing} onClose={() => setEditing(null)} />}
    </Section>
  );
}

function ThresholdDialog({ row, onClose }: { row: LowStockRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { money: formatMoney } = useFormatters();
  const save = useSetLowStockThreshold();
  const toBody = (v: { threshold: number | string }) => ({
    configuration_id: row.configuration_id,
    threshold: Number(v.threshold) || 0,
  });
  const form = useForm({
    initialValues: { threshold: row.threshold as number | string },
    validate: zodValidate(lowStockThresholdBody, t, { toBody }),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('dashboard.thresholdFor', { name: `${row.product_name} ${formatMoney(row.value)}` })}
    >
      <ApiForm
        form={form}
        mutation={save}
        toInput={toBody}
        successMessage={t('dashboard.thresholdSaved')}
        onSuccess={onClose}
        onCancel={onClose}
      >
        <NumberInput
          label={t('dashboard.threshold')}
          description={t('dashboard.thresholdsHint')}
          min={0}
          max={MAX_LOW_STOCK_THRESHOLD}
          allowDecimal={false}
          allowNegative={false}
          data-autofocus
          {...form.getInputProps('threshold')}
        />
      </ApiForm>
    </Modal>
  );
}
