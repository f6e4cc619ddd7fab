import type { datevDe, datevErrorCodesDe, datevScreensDe, texts as german } from './de.ts';

export const datevErrorCodesFr: typeof datevErrorCodesDe = {
  datev_settings_missing:
    'L’export DATEV nécessite le numéro de conseiller et le numéro de mandant de votre conseiller fiscal. Veuillez les saisir dans les paramètres DATEV.',
  datev_debtor_numbers_exhausted:
    'Tous les numéros de débiteur jusqu’à {{max}} sont attribués. Veuillez convenir d’une plage plus grande avec votre conseiller fiscal.',
  tax_audit_period_too_long:
    'Un export pour le contrôle fiscal couvre au plus {{max_days}} jours. Veuillez exporter les périodes plus longues année par année.',
};

export const datevScreensFr: typeof datevScreensDe = { datevExport: 'Export DATEV' };

export const datevFr: typeof datevDe = {
  description:
    'Les factures, corrections de facture et paiements reçus d’un mois, sous forme de lot d’écritures et de données de base des débiteurs au format DATEV pour votre conseiller fiscal.',
  exportTitle: 'Exporter un mois',
  exportDescription:
    'Un mois de votre propre comptabilité : documents émis selon leur date d’émission, paiements reçus selon leur jour de comptabilisation.',
  downloadZip: 'Les deux fichiers (ZIP)',
  downloadBookings: 'Lot d’écritures',
  downloadDebtors: 'Débiteurs',
  settingsFirstTitle: 'D’abord les paramètres',
  settingsFirst:
    'Saisissez ci-dessous le numéro de conseiller et le numéro de mandant de votre conseiller fiscal et enregistrez ; les fichiers pourront ensuite être téléchargés.',
  settingsTitle: 'Paramètres DATEV',
  settingsDescription: 'Les numéros sous lesquels votre conseiller fiscal tient votre comptabilité dans DATEV.',
  consultantNumber: 'Numéro de conseiller',
  clientNumber: 'Numéro de mandant',
  chart: 'Plan comptable',
  fiscalYearStart: 'Début de l’exercice',
  accountsTitle: 'Comptes',
  accountsDescription:
    'Ce qui est comptabilisé où. Par défaut, les comptes du plan choisi ; à convenir avec votre conseiller fiscal. Sur un compte automatique, DATEV calcule lui-même la TVA et l’écriture ne porte pas de code fiscal.',
  bookedAs: 'Écriture',
  account: 'Compte',
  automatic: 'Compte automatique',
  accountOf: 'Compte pour {{what}}',
  automaticOf: '{{what}} : compte automatique',
  auditTitle: 'Accès aux données pour le contrôle fiscal (GDPdU/Z3)',
  auditDescription:
    'Écritures et lignes d’écriture, documents et leurs lignes, données de base des clients et produits et journal des modifications d’une période (un an au plus), en CSV avec un index.xml selon la norme de description GDPdU, pour le logiciel de contrôle de l’administration fiscale.',
  auditFrom: 'Du',
  auditTo: 'Au',
  auditDownload: 'Télécharger les données (ZIP)',
  month: 'Mois',
  saved: 'Paramètres DATEV enregistrés.',
  validation: {
    consultantNumber: 'Le numéro de conseiller est un nombre entier de 1001 à 9999999.',
    clientNumber: 'Le numéro de mandant est un nombre entier de 1 à 99999.',
    account: 'Un numéro de compte a quatre chiffres (1000 à 9999).',
  },
  keys: {
    spv_19: 'Produits TVA 19 % (marchandises, bons à usage unique)',
    spv_7: 'Produits TVA 7 % (bons à usage unique)',
    mpv: 'Bons à usages multiples (hors champ de la TVA)',
    carrier: 'Billets au nom du transporteur (débours)',
    bank: 'Paiements reçus par banque',
    cash: 'Paiements reçus en espèces',
  },
};

export const texts: typeof german = { screen: datevScreensFr, errors: { codes: datevErrorCodesFr }, datev: datevFr };
