import type { texts as german, invoicesDe, invoicesErrorCodesDe, invoicesScreensDe } from './de.ts';

export const invoicesScreensFr: typeof invoicesScreensDe = {
  invoiceGenerate: 'Créer des factures',
  invoicesAll: 'Factures',
  myInvoicesAll: 'Mes factures',
  customerInvoices: 'Factures du client',
  invoiceNet: 'Facture (HT)',
  invoicesAllReclamation: 'Factures de réclamation',
  myReclamationInvoicesAll: 'Mes factures de réclamation',
  invoiceCreditNote: 'Facture rectificative',
  invoiceGenerateReclamation: 'Générer les factures de réclamation',
  invoiceReclamation: 'Facture de réclamation (HT)',
  invoiceGrossReclamation: 'Facture de réclamation (TTC)',
  invoiceReclamationCombined: 'Facture compensée avec les réclamations',
  invoiceGross: 'Facture (TTC)',
};

export const invoicesErrorCodesFr: typeof invoicesErrorCodesDe = {
  issuer_tax_id_missing:
    'Les factures exigent votre numéro de TVA ou votre numéro fiscal. Faites-les saisir dans vos données client.',
  invoice_period_open: "Le mois {{month}} n'est pas encore terminé. Les factures ne portent que sur des mois passés.",
  einvoice_party_incomplete:
    "Il manque des informations pour la facture électronique ({{field}}) de l'émetteur ou du destinataire : adresse, e-mail, téléphone ou données du registre (pour une GmbH, UG ou AG aussi le siège et les dirigeants). Veuillez compléter les données client.",
  einvoice_rules_broken:
    "La facture électronique enfreint des règles vérifiées ({{rules}}) ; elle n'a pas été émise. Veuillez le signaler à l'exploitant.",
  invoice_recipient_abroad:
    'Le destinataire n’est pas établi en Allemagne ({{evidence}}). Le portail n’émet pas encore de factures vers l’étranger (intracommunautaire, autoliquidation) ; rien n’a été émis.',
  einvoice_not_an_invoice:
    '{{invoice_no}} est un récapitulatif, pas une facture : il n’a pas de facture électronique. Les factures rectificatives listées sont les factures électroniques.',
};

export const invoicesFr: typeof invoicesDe = {
  descriptions: {
    generate: 'Choisissez un mois terminé et les clients qui reçoivent une facture de leurs achats.',
    issued: 'Les factures que vous avez émises à vos clients.',
    received: 'Les factures que vous avez reçues.',
    customer: 'Toutes les factures adressées à ce client.',
    generateReclamation:
      'Choisissez un mois terminé et les clients dont les factures rectificatives du mois sont récapitulées.',
    creditNotesIssued: 'Les factures rectificatives que vous avez émises pour des réclamations.',
    creditNotesReceived: 'Les factures rectificatives de réclamations que vous avez reçues.',
  },
  month: 'Mois',
  allMonths: 'Tous les mois',
  search: 'Rechercher un client',
  customer: 'Client',
  purchases: 'Achats (TTC)',
  salesCount: 'Ventes',
  invoice: 'Facture',
  notInvoiced: 'Pas encore facturé',
  nothingBought: 'Aucun achat',
  select: 'Sélectionner',
  selectCustomer: 'Sélectionner {{customer}}',
  generate_one: 'Créer {{count}} facture',
  generate_other: 'Créer {{count}} factures',
  running: 'Création des factures : {{done}} sur {{total}} clients',
  finished_one: 'Terminé : {{count}} facture existe pour les clients choisis.',
  finished_other: 'Terminé : {{count}} factures existent pour les clients choisis.',
  held: 'Retenue : {{reason}}',
  heldHint: 'Non émise, aucun numéro attribué. Générez à nouveau une fois les données complétées.',
  finishedHeld_one:
    "{{count}} client a été retenu car sa facture électronique n'a pas pu être créée (motif dans la liste).",
  finishedHeld_other:
    "{{count}} clients ont été retenus car leur facture électronique n'a pas pu être créée (motif dans la liste).",
  number: 'Numéro',
  issuer: 'Émetteur',
  recipient: 'Destinataire',
  period: 'Période de prestation',
  issuedAt: 'Date de facture',
  net: 'HT',
  vat: 'TVA',
  gross: 'TTC',
  actions: 'Actions',
  open: 'Ouvrir la facture {{number}}',
  pdfNet: 'PDF vue HT',
  pdfGross: 'PDF facture',
  downloadPdf: 'Télécharger le PDF',
  showNet: 'Vue HT',
  showGross: 'Vue TTC',
  product: 'Produit',
  faceValue: 'Valeur faciale',
  quantity: 'Quantité',
  unitNet: 'Prix unitaire HT',
  unitGross: 'Prix unitaire TTC',
  amountNet: 'Montant HT',
  amountGross: 'Montant TTC',
  vatRate: 'Taux de TVA',
  mpv: 'Bon à usages multiples',
  mpvTotal: 'Bons à usages multiples (hors champ de la TVA)',
  mpvNote:
    "Bons à usages multiples : leur transfert est hors du champ de la TVA (§ 3 al. 15 UStG) ; la TVA naît lors de l'utilisation.",
  carrier: 'Prix du trajet (transporteur)',
  carrierTotal: 'Prix des trajets au nom du transporteur (débours)',
  carrierNote:
    'Prix des trajets : encaissés au nom et pour le compte du transporteur (débours) ; le billet indique la TVA.',
  vatOn: 'TVA {{rate}} sur {{net}}',
  totalNet: 'Total HT',
  totalGross: 'Total TTC',
  vatId: 'N° de TVA',
  taxNumber: 'Numéro fiscal',
  emptyIssued: 'Aucune facture émise pour le moment.',
  emptyReceived: 'Aucune facture reçue pour le moment.',
  emptyCustomers: 'Aucun client trouvé pour ce mois.',
  nothingCredited: 'Aucune facture rectificative',
  creditNotesCount: 'Factures rectificatives',
  credited: 'Remboursé (TTC)',
  document: 'Document',
  kinds: { reclamation: 'Factures de réclamation', credit_note: 'Factures rectificatives' },
  showReclamation: 'Facture de réclamation',
  showCombined: 'Compensée avec la facture',
  reclamationText:
    'Récapitulatif mensuel des factures rectificatives – ce n’est pas une facture. Il ne modifie aucun montant ; seules les factures rectificatives font foi.',
  combinedWithout: 'Aucune facture ce mois-ci : seulement les remboursements.',
  combinedText: 'La facture {{invoice}} du mois, compensée avec les remboursements (lignes négatives).',
  emptyCreditNotes: 'Aucune facture rectificative pour le moment.',
  creditNoteTitle: 'Facture rectificative (Rechnungskorrektur)',
  creditNoteText: 'Remboursement de la réclamation {{id}} : les montants indiqués vous sont remboursés.',
  refundCorrectionText:
    'Remboursement du {{date}} après l’émission de la facture (§ 17 UStG) : les montants indiqués vous sont remboursés.',
  stornoTitle: 'Facture d’annulation (Stornorechnung)',
  listedCorrections: 'Ce n’est pas une facture. Factures rectificatives listées : {{numbers}}',
  linesEmpty: "Cette facture n'a aucune ligne.",
  einvoice: {
    xrechnung: 'XRechnung',
    zugferd: 'ZUGFeRD',
    xrechnungLabel: 'Télécharger XRechnung {{number}}',
    zugferdLabel: 'Télécharger le PDF ZUGFeRD {{number}}',
  },
  precedingInvoice: 'Corrige la facture {{number}}.',
  precedingNone: "La facture du mois de la vente n'a pas encore été émise.",
};

export const texts: typeof german = {
  screen: invoicesScreensFr,
  errors: { codes: invoicesErrorCodesFr },
  invoices: invoicesFr,
};
