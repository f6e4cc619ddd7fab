import { RULES, type Rule } from '../rules.ts';
export const invoicesScreens = {
  '/invoice-generate': RULES.invoicesOperators,
  '/invoice/:customerId': RULES.invoicesOperators,
  '/invoices-all': RULES.invoices,
  '/my-invoices-all': RULES.invoicesReceived,
  '/new/invoice/:invoiceId': RULES.invoicesOperators,
  '/new/invoice-gross/:invoiceId': RULES.invoicesOperators,
  '/new/invoice-credit-note/:invoiceId': RULES.invoicesOperators,
  '/new/invoice-reclamation/:invoiceId': RULES.invoicesOperators,
  '/new/invoice-gross-reclamation/:invoiceId': RULES.invoicesOperators,
  '/new/invoice-reclamation-combined/:invoiceId': RULES.invoicesOperators,
  '/invoice-generate-reclamation': RULES.invoicesOperators,
  '/invoices-all-reclamation': RULES.invoices,
  '/my-reclamation-invoices-all': RULES.invoicesReceived,
  '/datev-export': RULES.datev,
} as const satisfies Record<string, Rule>;
