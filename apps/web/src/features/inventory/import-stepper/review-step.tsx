import { Alert, Button, Group, Loader, Pagination, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { formatPercent } from '@portal/contract/format';
import { priceAfterDiscount } from '@portal/contract/pricing';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../lib/format.ts';
import { importOutcome } from '../../../lib/import-outcome.ts';
import { notify } from '../../../lib/notify.ts';
import { QueryState } from '../../../ui/query-state.tsx';
import { type ImportKind, useDecideImport, useImportReview } from '../inventory.queries.ts';
import { MarginWarnings } from './margin-warnings.tsx';

export function ReviewStep({
  kind,
  importId,
  onRemap,
  onRestart,
}: {
  kind: ImportKind;
  importId: number;
  onRemap: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const { count, money } = useFormatters();
  const [page, setPage] = useState(1);
  const [publish, setPublish] = useState(true);
  const review = useImportReview(kind, importId, page);
  const decide = useDecideImport(kind);
  const finish = (cancel: boolean) =>
    decide.mutate(
      { import_id: importId, cancel: cancel ? 1 : 0, publish: publish ? 1 : 0 },
      {
        onSuccess: (done) =>
          notify({
            color: cancel ? 'gray' : 'teal',
            message: cancel
              ? t('inventory.import.cancelled')
              : t('inventory.import.approved', { count: done.imported_pins ?? 0 }),
          }),
      },
    );
  return (
    <QueryState query={review}>
      {(data) => {
        const imp = data.import;
        if (imp.status === 'validating') {
          return (
            <Group mt="md" gap="sm" role="status">
              <Loader size="sm" />
              <Text>{t('inventory.import.checking')}</Text>
            </Group>
          );
        }
        const failed = data.failed_pins;
        // What the stock will cost before it is approved, with the rule the server books it by
        // (DOMAIN.md: C = F × (1 − d)).
        const pins = imp.status === 'approved' ? (imp.imported_pins ?? 0) : (imp.valid_rows ?? 0);
        const cost =
          imp.value !== null && imp.status !== 'cancelled'
            ? (() => {
                const perPin = priceAfterDiscount(imp.value, imp.buying_discount ?? '0');
                return { perPin, pins, total: perPin.times(pins) };
              })()
            : null;
        const warnings = decide.data?.import_id === importId ? decide.data.margin_warnings : [];
        return (
          <Stack mt="md">
            {warnings.length > 0 && <MarginWarnings warnings={warnings} />}
            <Alert
              color={imp.status === 'approved' ? 'teal' : imp.status === 'cancelled' ? 'gray' : 'blue'}
              icon={imp.status === 'approved' ? <IconCircleCheck size={18} /> : undefined}
              title={t(`inventory.import.statuses.${imp.status}`)}
            >
              {importOutcome(t, imp)}
              {imp.product_name && (
                <Text size="sm" mt={4}>
                  {imp.product_name} · {imp.value && money(imp.value)} · {imp.supplier_name}
                </Text>
              )}
              {cost && (
                <Text size="sm" mt={4} data-testid="import-cost">
                  {t('inventory.import.cost', {
                    cost: money(cost.perPin.toFixed(2)),
                    discount: formatPercent(imp.buying_discount ?? '0'),
                    count: cost.pins,
                    total: money(cost.total.toFixed(2)),
                  })}
                </Text>
              )}
            </Alert>
            {/* A cancelled import's rows are deleted with its file: there are no refused rows left to list. */}
            {imp.status !== 'cancelled' && (
              <Paper withBorder radius="md" p="md">
                <Text fw={500} mb="xs">
                  {t('inventory.import.failedRows')} ({count(data.filters.total_count)})
                </Text>
                {failed.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('inventory.import.noFailedRows')}
                  </Text>
                ) : (
                  <>
                    <Table striped fz="sm">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th ta="right">{t('inventory.import.rowNo')}</Table.Th>
                          <Table.Th>{t('inventory.stock.pin')}</Table.Th>
                          <Table.Th>{t('inventory.import.reason')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {failed.map((f) => (
                          <Table.Tr key={f.row_no}>
                            <Table.Td ta="right">{f.row_no}</Table.Td>
                            <Table.Td ff="monospace">{f.pin}</Table.Td>
                            <Table.Td>{t(`inventory.import.reasons.${f.reason}`)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                    {data.filters.total_pages > 1 && (
                      <Pagination
                        mt="sm"
                        size="sm"
                        siblings={2}
                        boundaries={1}
                        total={data.filters.total_pages}
                        value={page}
                        onChange={setPage}
                      />
                    )}
                  </>
                )}
              </Paper>
            )}
            {imp.status === 'validated' ? (
              <Group justify="space-between">
                <Switch
                  label={t('inventory.import.publishOnApprove')}
                  checked={publish}
                  onChange={(e) => setPublish(e.currentTarget.checked)}
                />
                <Group>
                  <Button variant="default" onClick={onRemap}>
                    {t('inventory.import.remap')}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    loading={decide.isPending && decide.variables?.cancel === 1}
                    onClick={() => finish(true)}
                  >
                    {t('inventory.import.cancelImport')}
                  </Button>
                  <Button
                    color="teal"
                    disabled={(imp.valid_rows ?? 0) === 0}
                    loading={decide.isPending && decide.variables?.cancel === 0}
                    onClick={() => finish(false)}
                  >
                    {t('inventory.import.approve')}
                  </Button>
                </Group>
              </Group>
            ) : (
              <Group justify="flex-end">
                {imp.status === 'approved' && imp.configuration_id && kind === 'product' && (
                  <Button variant="light" component={Link} to={`/stock/details/${imp.configuration_id}`}>
                    {t('screen.stockDetails')}
                  </Button>
                )}
                <Button onClick={onRestart}>{t('inventory.import.startNew')}</Button>
              </Group>
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
