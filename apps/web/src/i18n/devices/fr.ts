import type { devicesDe, devicesErrorCodesDe, devicesScreensDe, texts as german } from './de.ts';

export const devicesErrorCodesFr: typeof devicesErrorCodesDe = {
  terminal_limit_reached:
    'La boutique détient déjà autant d’appareils que sa limite de terminaux ({{terminal_limit}}) le permet.',
  serial_taken: 'Un appareil portant le numéro de série {{serial_no}} est déjà enregistré.',
};

export const devicesScreensFr: typeof devicesScreensDe = {
  devices: 'Appareils',
  deviceAdd: 'Ajouter un appareil',
  deviceEdit: 'Modifier l’appareil',
  assignDevices: 'Attribuer des appareils',
  userDevices: 'Mes appareils',
  customerDevices: 'Appareils du client',
};

export const devicesFr: typeof devicesDe = {
  saved: 'Appareil enregistré.',
  assignmentSaved: 'Attribution enregistrée.',
  tag: 'Désignation',
  serialNo: 'Numéro de série',
  status: 'Statut',
  statuses: {
    active: 'Actif',
    inactive: 'Inactif',
  },
  reseller: 'Revendeur',
  shop: 'Boutique',
  actions: 'Actions',
  edit: 'Modifier',
  editNamed: 'Modifier {{tag}}',
  delete: 'Supprimer',
  deleteNamed: 'Supprimer {{tag}}',
  listDescription: 'Tous les appareils de la plateforme et leur détenteur.',
  search: 'Désignation ou numéro de série',
  required: 'Champ obligatoire.',
  device: 'Appareil',
  notFound: 'Appareil introuvable.',
  history: 'Historique des attributions',
  noHistory: 'Aucune attribution pour l’instant.',
  at: 'Date',
  deviceId: 'Appareil',
  action: 'Opération',
  by: 'Par',
  historyActions: {
    assigned: 'Attribué',
    unassigned: 'Repris',
  },
  shopFor: 'Boutique pour {{tag}}',
  unassign: 'Reprendre',
  assignDescription:
    'Vos appareils et les boutiques qui les détiennent ; la limite de terminaux de chaque boutique s’applique.',
};

export const texts: typeof german = {
  screen: devicesScreensFr,
  errors: { codes: devicesErrorCodesFr },
  devices: devicesFr,
};
