import { Table } from '@mantine/core';
import type { SupplierDebtReport, SupplierDebtRow } from '@portal/contract/books';
import { SALE_PROVIDERS } from '@portal/contract/reports';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Money } from '../../ui/money.tsx';
import { useSupplierDebt } from './books.queries.ts';
import { BooksReportPage } from './books-report-page.tsx';

/** A supplier by its name, a provider in the words the sales reports use for it. */
function nameOf(t: TFunction, r: SupplierDebtRow): string {
  const provider = SALE_PROVIDERS.find((p) => p === r.provider);
  return provider ? t(`reports.saleKinds.${provider}`) : r.name;
}

/**
 * `/reports-supplier-debt`: what the platform owes its PIN suppliers and the providers of provider goods at the end of
 * a chosen day, as its supplier payables account books it (decision 0136). The superadmin's only.
 */
export function SupplierDebtPage() {
  const { t } = useTranslation();
  return (
    <BooksReportPage
      report="supplier_debt"
      title={t('screen.supplierDebt')}
      description={t('books.supplierDebtDescription')}
      empty={t('books.supplierDebtEmpty')}
      useReport={useSupplierDebt}
    >
      {(report) => <SupplierDebtTable report={report} />}
    </BooksReportPage>
  );
}

function SupplierDebtTable({ report }: { report: SupplierDebtReport }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('books.source')}</Table.Th>
            <Table.Th>{t('books.name')}</Table.Th>
            <Table.Th ta="right">{t('books.quantity')}</Table.Th>
            <Table.Th ta="right">{t('books.debt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((r) => (
            <Table.Tr key={`${r.source}:${r.supplier_id ?? r.provider}`}>
              <Table.Td>{t(`books.sources.${r.source}`)}</Table.Td>
              <Table.Td>{nameOf(t, r)}</Table.Td>
              <Table.Td ta="right">{r.quantity}</Table.Td>
              <Table.Td ta="right">
                <Money amount={r.debt} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td colSpan={3}>{t('books.total')}</Table.Td>
            <Table.Td ta="right">
              <Money amount={report.total} />
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
