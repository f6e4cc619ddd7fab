import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ZReport, ZReportListRow } from '@portal/contract/z-report';
import { IconLock, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Money } from '../../ui/money.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import classes from '../../ui/print.module.css';
import { PrintArea } from '../../ui/print-area.tsx';
import { QueryState } from '../../ui/query-state.tsx';
import { findZReports, sellingKeys, useCloseDay, useZReport } from './selling.queries.ts';
import { ZTables } from './z-report-tables.tsx';

const NO_FILTERS = {};

/**
 * `/seller/zreport`: the open period's totals per product and per staff member, closing the day (managers), the
 * issued reports with their sequential numbers, each printable.
 */
export function ZReportPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [zNumber, setZNumber] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const report = useZReport(zNumber);
  const close = useCloseDay();
  const manager = user?.internal_role === 0;
  const columns: Column<ZReportListRow>[] = [
    { key: 'number', header: t('selling.z.number'), render: (r) => `Z ${r.z_number}` },
    { key: 'closed', header: t('selling.z.closedAt'), render: (r) => <DateTime value={r.closed_at} /> },
    { key: 'by', header: t('selling.z.closedBy'), render: (r) => r.closed_by },
    { key: 'sales', header: t('selling.z.sales'), align: 'right', render: (r) => r.sales_count },
    {
      key: 'value',
      header: t('selling.z.totalValue'),
      align: 'right',
      render: (r) => <Money amount={r.total_value} />,
    },
    {
      key: 'view',
      header: t('common.actions'),
      render: (r) => (
        <Button size="compact-sm" variant="light" onClick={() => setZNumber(r.z_number)}>
          {t('selling.z.view')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('screen.zReport')}
        description={t('selling.z.description')}
        actions={
          <>
            {zNumber !== null && (
              <Button variant="default" onClick={() => setZNumber(null)}>
                {t('selling.z.openPeriod')}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              onClick={() => window.print()}
              disabled={!report.data}
            >
              {t('selling.z.print')}
            </Button>
            {manager && zNumber === null && (
              <Button leftSection={<IconLock size={16} />} onClick={() => setConfirming(true)}>
                {t('selling.z.closeDay')}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="xl">
        <QueryState query={report} loading={<Skeleton h={240} radius="md" />}>
          {(r) => (
            <>
              <ReportView report={r} />
              <PrintArea>
                <PrintedReport report={r} />
              </PrintArea>
            </>
          )}
        </QueryState>
        <section aria-labelledby="issued">
          <Title order={2} fz="h4" mb="sm" id="issued">
            {t('selling.z.issued')}
          </Title>
          <DataTable
            queryKey={sellingKeys.zReports()}
            queryFn={findZReports}
            columns={columns}
            rowKey={(r) => r.z_number}
            defaultFilters={NO_FILTERS}
            urlPrefix="z"
          />
        </section>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('selling.z.closeDay')}>
        <Stack>
          <Text>{t('selling.z.confirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              loading={close.isPending}
              onClick={() =>
                close.mutate(undefined, {
                  onSuccess: (z) => {
                    setConfirming(false);
                    setZNumber(z.z_number);
                    notify({ color: 'green', message: t('selling.z.issuedMessage', { number: z.z_number }) });
                  },
                  onError: (_error) => {
                    setConfirming(false);
                  },
                })
              }
            >
              {t('selling.z.closeDay')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ReportView({ report }: { report: ZReport }) {
  const { t } = useTranslation();
  const z = report.totals;
  return (
    <Paper withBorder radius="md" p="md" data-testid="z-report">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2} fz="h3">
            {report.z_number === null ? t('selling.z.openPeriod') : t('selling.z.title', { number: report.z_number })}
          </Title>
          <Text size="sm">{t('selling.z.kind')}</Text>
          <Text size="sm" c="dimmed">
            {report.period_start ? <DateTime value={report.period_start} /> : t('selling.z.sinceStart')} –{' '}
            <DateTime value={report.period_end} />
            {report.closed_by && ` · ${t('selling.z.closedBy')}: ${report.closed_by}`}
          </Text>
        </div>
        {report.own_figures_only === 1 && <Badge>{t('selling.z.ownFigures')}</Badge>}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        <Figure label={t('selling.z.sales')} value={z.sales_count} />
        <Figure label={t('selling.z.pins')} value={z.quantity} />
        <Figure label={t('selling.z.totalValue')} value={<Money amount={z.total_value} />} testId="z-total-value" />
        {z.total_price !== null && (
          <Figure label={t('selling.z.totalPrice')} value={<Money amount={z.total_price} />} />
        )}
      </SimpleGrid>
      {z.sales_count === 0 ? (
        <Alert color="gray">{t('selling.z.noSales')}</Alert>
      ) : (
        <div className={classes.report}>
          <ZTables report={report} />
        </div>
      )}
    </Paper>
  );
}

function Figure({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </div>
  );
}

function PrintedReport({ report }: { report: ZReport }) {
  const { t } = useTranslation();
  const { money, dateTime } = useFormatters();
  const z = report.totals;
  return (
    <div className={classes.report}>
      <h2>
        {report.shop_name} ·{' '}
        {report.z_number === null ? t('selling.z.openPeriod') : t('selling.z.title', { number: report.z_number })}
      </h2>
      <p>{t('selling.z.kind')}</p>
      <p>
        {report.period_start ? dateTime(report.period_start) : t('selling.z.sinceStart')} –{' '}
        {dateTime(report.period_end)}
        {report.closed_by && ` · ${t('selling.z.closedBy')}: ${report.closed_by}`}
        {report.own_figures_only === 1 && ` · ${t('selling.z.ownFigures')}`}
      </p>
      <p>
        {t('selling.z.sales')}: {z.sales_count} · {t('selling.z.pins')}: {z.quantity} · {t('selling.z.totalValue')}:{' '}
        {money(z.total_value)}
        {z.total_price !== null && ` · ${t('selling.z.totalPrice')}: ${money(z.total_price)}`}
      </p>
      <ZTables report={report} />
    </div>
  );
}
