import type { Language } from './limits.ts';

/**
 * The ledger's entry kinds, accounts and payment methods in words, in the five languages: one home for the web
 * app's ledger screens (its i18n catalogue takes them) and the files the server writes (ledger and credit-log
 * exports), so a screen and its export always say the same (issue 40, decision 0131).
 */
const de = {
  kinds: {
    credit_topup: 'Kreditaufladung',
    payment: 'Zahlung',
    auto_credit: 'Automatischer Kredit',
    sale: 'Verkauf',
    refund: 'Erstattung',
    credit_note: 'Rechnungskorrektur (Reklamation)',
    adjustment: 'Korrektur',
    hardware_order: 'Hardware-Bestellung',
    provider_reservation: 'Anbieterverkauf gesendet',
    provider_success: 'Anbieterverkauf abgeschlossen',
    provider_release: 'Anbieterverkauf freigegeben',
    provider_refund: 'Anbieterverkauf erstattet',
    stock_import: 'PINs in den Bestand übernommen',
  },
  accounts: {
    balance: 'Guthaben',
    credit: 'Kredit',
    sales_income: 'Verkaufserlöse',
    inventory: 'Bestand',
    cost_of_sales: 'Wareneinsatz',
    revenue: 'Umsatz',
    supplier_payables: 'Lieferantenverbindlichkeiten',
    external_funds: 'Externe Mittel',
    provider_pending: 'Anbieter, ausstehend',
  },
  methods: {
    cash: 'Bar',
    transfer: 'Überweisung',
    bank: 'Bankimport',
  },
};

type Words<T> = { readonly [K in keyof T]: string };
export interface LedgerWords {
  kinds: Words<typeof de.kinds>;
  accounts: Words<typeof de.accounts>;
  methods: Words<typeof de.methods>;
}

export const LEDGER_WORDS: Record<Language, LedgerWords> = {
  de,
  en: {
    kinds: {
      credit_topup: 'Credit top-up',
      payment: 'Payment',
      auto_credit: 'Auto credit',
      sale: 'Sale',
      refund: 'Refund',
      credit_note: 'Invoice correction (reclamation)',
      adjustment: 'Adjustment',
      hardware_order: 'Hardware order',
      provider_reservation: 'Provider sale sent',
      provider_success: 'Provider sale completed',
      provider_release: 'Provider sale released',
      provider_refund: 'Provider sale refunded',
      stock_import: 'PINs taken into stock',
    },
    accounts: {
      balance: 'Balance',
      credit: 'Credit',
      sales_income: 'Sales income',
      inventory: 'Inventory',
      cost_of_sales: 'Cost of sales',
      revenue: 'Revenue',
      supplier_payables: 'Supplier payables',
      external_funds: 'External funds',
      provider_pending: 'Provider pending',
    },
    methods: {
      cash: 'Cash',
      transfer: 'Bank transfer',
      bank: 'Bank import',
    },
  },
  tr: {
    kinds: {
      credit_topup: 'Kredi yüklemesi',
      payment: 'Ödeme',
      auto_credit: 'Otomatik kredi',
      sale: 'Satış',
      refund: 'İade',
      credit_note: 'Fatura düzeltmesi (şikâyet)',
      adjustment: 'Düzeltme',
      hardware_order: 'Donanım siparişi',
      provider_reservation: 'Sağlayıcı satışı gönderildi',
      provider_success: 'Sağlayıcı satışı tamamlandı',
      provider_release: 'Sağlayıcı satışı serbest bırakıldı',
      provider_refund: 'Sağlayıcı satışı iade edildi',
      stock_import: 'PIN’ler stoğa alındı',
    },
    accounts: {
      balance: 'Bakiye',
      credit: 'Kredi',
      sales_income: 'Satış geliri',
      inventory: 'Stok',
      cost_of_sales: 'Satışların maliyeti',
      revenue: 'Hasılat',
      supplier_payables: 'Tedarikçi borçları',
      external_funds: 'Harici fonlar',
      provider_pending: 'Sağlayıcı, bekleyen',
    },
    methods: {
      cash: 'Nakit',
      transfer: 'Havale',
      bank: 'Banka içe aktarımı',
    },
  },
  fr: {
    kinds: {
      credit_topup: 'Recharge à crédit',
      payment: 'Paiement',
      auto_credit: 'Crédit automatique',
      sale: 'Vente',
      refund: 'Remboursement',
      credit_note: 'Facture rectificative (réclamation)',
      adjustment: 'Ajustement',
      hardware_order: 'Commande de matériel',
      provider_reservation: 'Vente fournisseur envoyée',
      provider_success: 'Vente fournisseur conclue',
      provider_release: 'Vente fournisseur libérée',
      provider_refund: 'Vente fournisseur remboursée',
      stock_import: 'PIN entrés en stock',
    },
    accounts: {
      balance: 'Solde',
      credit: 'Crédit',
      sales_income: 'Recettes des ventes',
      inventory: 'Stock',
      cost_of_sales: 'Coût des ventes',
      revenue: 'Chiffre d’affaires',
      supplier_payables: 'Dettes fournisseurs',
      external_funds: 'Fonds externes',
      provider_pending: 'Fournisseur en attente',
    },
    methods: {
      cash: 'Espèces',
      transfer: 'Virement',
      bank: 'Import bancaire',
    },
  },
  nl: {
    kinds: {
      credit_topup: 'Kredietopwaardering',
      payment: 'Betaling',
      auto_credit: 'Automatisch krediet',
      sale: 'Verkoop',
      refund: 'Terugbetaling',
      credit_note: 'Factuurcorrectie (reclamatie)',
      adjustment: 'Correctie',
      hardware_order: 'Hardwarebestelling',
      provider_reservation: 'Aanbiederverkoop verstuurd',
      provider_success: 'Aanbiederverkoop voltooid',
      provider_release: 'Aanbiederverkoop vrijgegeven',
      provider_refund: 'Aanbiederverkoop terugbetaald',
      stock_import: 'Pincodes in voorraad genomen',
    },
    accounts: {
      balance: 'Saldo',
      credit: 'Krediet',
      sales_income: 'Verkoopopbrengst',
      inventory: 'Voorraad',
      cost_of_sales: 'Kostprijs verkopen',
      revenue: 'Omzet',
      supplier_payables: 'Crediteuren',
      external_funds: 'Externe middelen',
      provider_pending: 'Aanbieder in behandeling',
    },
    methods: {
      cash: 'Contant',
      transfer: 'Overschrijving',
      bank: 'Bankimport',
    },
  },
};
