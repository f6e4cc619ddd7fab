import {
  IconFileExport,
  IconFileInvoice,
  IconFileMinus,
  IconFileText,
  IconReceipt,
  IconReceiptRefund,
} from '@tabler/icons-react';
import { type AppRoute, route } from './route.tsx';

const listPage = () => import('../../features/invoices/invoice-list.page.tsx').then((m) => m.InvoiceListPage);
const detailPage = () => import('../../features/invoices/invoice-detail.page.tsx').then((m) => m.InvoiceDetailPage);

export const invoicesRoutes: AppRoute[] = [
  route(
    '/invoice-generate',
    'screen.invoiceGenerate',
    () => import('../../features/invoices/invoice-generate.page.tsx').then((m) => m.InvoiceGeneratePage),
    { menu: { group: 'money', icon: IconFileInvoice } },
  ),
  route('/invoices-all', 'screen.invoicesAll', () => listPage(), {
    props: { mode: 'all' as const, title: 'screen.invoicesAll' as const },
    menu: { group: 'money', icon: IconFileText },
  }),
  route('/my-invoices-all', 'screen.myInvoicesAll', () => listPage(), {
    props: { mode: 'received' as const, title: 'screen.myInvoicesAll' as const },
    menu: { group: 'money', icon: IconReceipt },
  }),
  route(
    '/invoice-generate-reclamation',
    'screen.invoiceGenerateReclamation',
    () => import('../../features/invoices/invoice-generate.page.tsx').then((m) => m.InvoiceGeneratePage),
    { props: { kind: 'reclamation' as const }, menu: { group: 'money', icon: IconFileInvoice } },
  ),
  route('/invoices-all-reclamation', 'screen.invoicesAllReclamation', () => listPage(), {
    props: { mode: 'all' as const, title: 'screen.invoicesAllReclamation' as const, kind: 'reclamation' as const },
    menu: { group: 'money', icon: IconFileMinus },
  }),
  route('/my-reclamation-invoices-all', 'screen.myReclamationInvoicesAll', () => listPage(), {
    props: {
      mode: 'received' as const,
      title: 'screen.myReclamationInvoicesAll' as const,
      kind: 'reclamation' as const,
    },
    menu: { group: 'money', icon: IconReceiptRefund },
  }),
  // The issuer's month for its tax adviser (decision 0147).
  route(
    '/datev-export',
    'screen.datevExport',
    () => import('../../features/datev/datev.page.tsx').then((m) => m.DatevPage),
    {
      menu: { group: 'money', icon: IconFileExport },
    },
  ),
  route('/invoice/:customerId', 'screen.customerInvoices', () => listPage(), {
    props: { mode: 'customer' as const, title: 'screen.customerInvoices' as const },
  }),
  route('/new/invoice/:invoiceId', 'screen.invoiceNet', () => detailPage(), { props: { view: 'net' as const } }),
  route('/new/invoice-gross/:invoiceId', 'screen.invoiceGross', () => detailPage(), {
    props: { view: 'gross' as const },
  }),
  route('/new/invoice-reclamation/:invoiceId', 'screen.invoiceReclamation', () => detailPage(), {
    props: { view: 'net' as const, kind: 'reclamation' as const },
  }),
  route('/new/invoice-gross-reclamation/:invoiceId', 'screen.invoiceGrossReclamation', () => detailPage(), {
    props: { view: 'gross' as const, kind: 'reclamation' as const },
  }),
  route('/new/invoice-reclamation-combined/:invoiceId', 'screen.invoiceReclamationCombined', () => detailPage(), {
    props: { view: 'net' as const, kind: 'reclamation' as const, combined: true },
  }),
  route('/new/invoice-credit-note/:invoiceId', 'screen.invoiceCreditNote', () => detailPage(), {
    props: { view: 'gross' as const, kind: 'credit_note' as const },
  }),
];
