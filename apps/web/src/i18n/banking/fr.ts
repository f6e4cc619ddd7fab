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
  statuses: { new: 'Ouvert', booked: 'Comptabilisé', skipped: 'Sortant', failed: 'Refusé' },
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
  mappingDeleted: 'Association supprimée.',
};

export const texts: typeof german = {
  screen: bankingScreensFr,
  errors: { codes: bankingErrorCodesFr },
  banking: bankingFr,
};
