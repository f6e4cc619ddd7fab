import { Table, Text } from '@mantine/core';
import type { StockValueReport } from '@portal/contract/books';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../ui/money.tsx';
import { useStockValue } from './books.queries.ts';
import { BooksReportPage } from './books-report-page.tsx';

/**
 * `/reports-stock-value`: the PINs in stock at the end of a chosen day at their cost, per owner and denomination with
 * each owner's sum and the total (decision 0136). The platform sees every owner's stock, a reseller its own.
 */
export function StockValuePage() {
  const { t } = useTranslation();
  return (
    <BooksReportPage
      report="stock_value"
      title={t('screen.stockValue')}
      description={t('books.stockValueDescription')}
      empty={t('books.stockValueEmpty')}
      useReport={useStockValue}
    >
      {(report) => <StockValueTable report={report} />}
    </BooksReportPage>
  );
}

function StockValueTable({ report }: { report: StockValueReport }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('books.owner')}</Table.Th>
            <Table.Th>{t('books.product')}</Table.Th>
            <Table.Th ta="right">{t('books.value')}</Table.Th>
            <Table.Th ta="right">{t('books.pins')}</Table.Th>
            <Table.Th ta="right">{t('books.stockValue')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.owners.map((owner) => (
            <Fragment key={owner.owner_customer_id}>
              {report.rows
                .filter((r) => r.owner_customer_id === owner.owner_customer_id)
                .map((r) => (
                  <Table.Tr key={r.configuration_id}>
                    <Table.Td>{r.owner_name}</Table.Td>
                    <Table.Td>
                      {r.product_name}
                      <Text span c="dimmed" size="sm">
                        {' · '}
                        {t(`products.types.${r.product_type}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money amount={r.value} />
                    </Table.Td>
                    <Table.Td ta="right">{r.pins}</Table.Td>
                    <Table.Td ta="right">
                      <Money amount={r.stock_value} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              <Table.Tr fw={600}>
                <Table.Td colSpan={3}>{t('books.ownerTotal', { owner: owner.owner_name })}</Table.Td>
                <Table.Td ta="right">{owner.pins}</Table.Td>
                <Table.Td ta="right">
                  <Money amount={owner.stock_value} />
                </Table.Td>
              </Table.Tr>
            </Fragment>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td colSpan={3}>{t('books.total')}</Table.Td>
            <Table.Td ta="right">{report.total.pins}</Table.Td>
            <Table.Td ta="right">
              <Money amount={report.total.stock_value} />
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
