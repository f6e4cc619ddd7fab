import type { bankingDe, bankingErrorCodesDe, bankingScreensDe, texts as german } from './de.ts';

export const bankingScreensFr: typeof bankingScreensDe = {
  bankingUpload: 'Importer un CSV',
  bankingList: 'Écritures bancaires',
  bankingCustomers: 'Clients associés',
  bankingDeleted: 'Écritures supprimées',
};

export const bankingErrorCodesFr: typeof bankingErrorCodesDe = {
  bank_file_unreadable:
    'Le relevé bancaire est illisible. Téléversez l’export CSV de votre banque (séparé par des points-virgules) ou un fichier CAMT.053.',
  bank_record_booked: 'Cette écriture est déjà comptabilisée et ne peut plus être modifiée.',
  nothing_to_book: 'Aucun paiement associé n’attend d’être comptabilisé.',
  bank_statement_currency:
    'Le relevé {{statement}} est tenu en {{currency}}. Seuls les comptes en euros peuvent être importés.',
  bank_statement_unbalanced:
    'Le relevé {{statement}} est incomplet : le solde d’ouverture {{opening}} et ses opérations ({{entries}}) ne donnent pas le solde de clôture {{closing}}.',
  bank_duplicate_mismatch:
    'Cette opération n’est pas un doublon possible de l’opération indiquée. Veuillez recharger la page et vérifier à nouveau.',
  bank_sequence_gap:
    'Des relevés manquent : la banque a numéroté ce relevé {{read}}, le numéro {{expected}} était attendu. Confirmez pour comptabiliser quand même.',
};

export const bankingFr: typeof bankingDe = {
  uploadDescription:
    'Lisez un relevé bancaire, associez les payeurs à vos clients et comptabilisez les paiements reçus.',
  listDescription: 'Toutes les écritures importées. Les paiements reçus ouverts peuvent être associés à un client ici.',
  customersDescription: 'Payeurs que les relevés suivants associent automatiquement à leur client.',
  deletedDescription: 'Écritures supprimées. Elles peuvent être restaurées.',
  stepRead: 'Lire',
  stepMap: 'Associer',
  stepBook: 'Comptabiliser',
  file: 'Relevé bancaire',
  fileHint: 'Export CSV de votre banque (Sparkasse, Volksbank, ING, etc.) ou CAMT.053 (XML)',
  fileRequired: 'Veuillez choisir un fichier.',
  read: 'Lire',
  formats: {
    camt053: 'CAMT.053',
    'csv-sparkasse': 'CSV (Sparkasse)',
    'csv-volksbank': 'CSV (Volksbank)',
    'csv-ing': 'CSV (ING)',
    csv: 'CSV',
  },
  lineCount_one: '{{count}} écriture',
  lineCount_other: '{{count}} écritures',
  alreadyImported_one: '{{count}} écriture a déjà été importée et ne sera pas comptabilisée une seconde fois.',
  alreadyImported_other: '{{count}} écritures ont déjà été importées et ne seront pas comptabilisées une seconde fois.',
  nothingOpen: 'Ce relevé ne contient aucun paiement reçu ouvert.',
  toMapping: 'Passer à l’association',
  mapHint: 'Choisissez le client de chaque payeur. L’association est mémorisée pour les relevés suivants.',
  back: 'Retour',
  bookingDate: 'Date de comptabilisation',
  payer: 'Payeur',
  iban: 'IBAN',
  byName: 'par nom',
  purpose: 'Motif',
  amount: 'Montant',
  customer: 'Client',
  customerFor: 'Client pour {{payer}}',
  status: 'Statut',
  allStatuses: 'Tous les statuts',
  statuses: {
    new: 'Ouvert',
    duplicate: 'Doublon possible',
    booked: 'Comptabilisé',
    skipped: 'Non comptabilisé',
    failed: 'Refusé',
  },
  skipReasons: {
    debit: 'Sortant',
    currency: 'Pas en euros',
    zero_amount: 'Montant 0,00',
  },
  reasons: {
    empty: 'Le fichier ne contient aucune opération.',
    header: 'Les en-têtes de colonnes n’ont pas été reconnus.',
    csv: 'Le fichier CSV est mal formé.',
    date: 'Une date est invalide.',
    amount: 'Un montant est invalide.',
    amount_decimals: 'Un montant a plus de deux décimales.',
    amount_range: 'Un montant est trop élevé.',
    control_character: 'Le fichier contient des caractères de contrôle ou de direction.',
    too_long: 'Un texte est trop long.',
    iban: 'Un IBAN est invalide.',
    doctype: 'Le fichier XML contient une déclaration DOCTYPE ; les relevés bancaires n’en ont pas.',
    nesting: 'Le fichier XML est trop profondément imbriqué.',
    camt: 'Le fichier XML n’est pas un relevé CAMT.053.',
    balance: 'Un solde est invalide.',
    too_many_lines: 'Le fichier contient trop d’opérations.',
    database: 'Une valeur est hors de la plage autorisée.',
  },
  atLine: 'ligne {{line}}',
  atField: 'champ {{field}}',
  importStatement: 'Importer le relevé',
  duplicateOf:
    'Peut-être le même virement que l’opération du {{date}} de {{amount}} issue de « {{file}} » ({{status}}).',
  confirmDuplicate: 'Pas un doublon',
  confirmDuplicateLine: 'Confirmer que l’opération de {{payer}} est un paiement distinct',
  duplicatesWaiting_one:
    '{{count}} opération correspond à une opération déjà importée et ne sera comptabilisée qu’après votre confirmation.',
  duplicatesWaiting_other:
    '{{count}} opérations correspondent à des opérations déjà importées et ne seront comptabilisées qu’après votre confirmation.',
  fileHash: 'Fichier original SHA-256 : {{hash}}',
  sequence: 'Relevé n° {{number}}',
  sequenceGap: 'Des relevés de ce compte manquent : le n° {{expected}} était attendu, le n° {{read}} a été lu.',
  confirmGap: 'Comptabiliser malgré les relevés manquants',
  invoice: 'Facture {{number}}',
  reversalOf: 'Retour ({{code}}) du paiement du {{date}} de {{amount}} : comptabilisé comme son annulation.',
  saveMapping: 'Enregistrer l’association',
  mappingSaved: 'Association enregistrée.',
  book_one: 'Comptabiliser {{count}} paiement',
  book_other: 'Comptabiliser {{count}} paiements',
  progress: '{{booked}} sur {{total}} comptabilisés',
  finished: 'Terminé : {{booked}} comptabilisés, {{failed}} refusés.',
  importAnother: 'Importer un autre relevé',
  search: 'Payeur, IBAN ou motif',
  actions: 'Actions',
  delete: 'Supprimer',
  deleteLine: 'Supprimer l’écriture de {{payer}}',
  restore: 'Restaurer',
  restoreLine: 'Restaurer l’écriture de {{payer}}',
  deletedAt: 'Supprimée le',
  mappedSince: 'Associé le',
  forget: 'Supprimer l’association',
  forgetPayer: 'Supprimer l’association de {{payer}}',
};

export const texts: typeof german = {
  screen: bankingScreensFr,
  errors: { codes: bankingErrorCodesFr },
  banking: bankingFr,
};
