import { ProviderVatPanel } from './provider-vat-panel.tsx';

/**
 * `/provider-catalogues/` (issue 40): provider goods as the platform sells them, the superadmin's alone (the server
 * refuses everyone else, `RULES.providerVat`). The VAT treatment of each provider's goods and each soft-pin product
 * is set here and nowhere else (decision 0132).
 */
export function ProviderCataloguesPage() {
  return <ProviderVatPanel />;
}
