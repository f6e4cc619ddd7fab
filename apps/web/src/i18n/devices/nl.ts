import type { devicesDe, devicesErrorCodesDe, devicesScreensDe, texts as german } from './de.ts';

export const devicesErrorCodesNl: typeof devicesErrorCodesDe = {
  terminal_limit_reached: 'De winkel heeft al zoveel apparaten als de terminallimiet ({{terminal_limit}}) toestaat.',
  serial_taken: 'Er is al een apparaat met serienummer {{serial_no}} geregistreerd.',
};

export const devicesScreensNl: typeof devicesScreensDe = {
  devices: 'Apparaten',
  deviceAdd: 'Apparaat toevoegen',
  deviceEdit: 'Apparaat bewerken',
  assignDevices: 'Apparaten toewijzen',
  userDevices: 'Mijn apparaten',
  customerDevices: 'Apparaten van de klant',
};

export const devicesNl: typeof devicesDe = {
  saved: 'Apparaat opgeslagen.',
  assignmentSaved: 'Toewijzing opgeslagen.',
  tag: 'Aanduiding',
  serialNo: 'Serienummer',
  status: 'Status',
  statuses: {
    active: 'Actief',
    inactive: 'Inactief',
  },
  reseller: 'Reseller',
  shop: 'Winkel',
  actions: 'Acties',
  edit: 'Bewerken',
  editNamed: '{{tag}} bewerken',
  delete: 'Verwijderen',
  deleteNamed: '{{tag}} verwijderen',
  listDescription: 'Alle apparaten van het platform en wie ze heeft.',
  search: 'Aanduiding of serienummer',
  required: 'Verplicht veld.',
  device: 'Apparaat',
  notFound: 'Apparaat niet gevonden.',
  history: 'Toewijzingsgeschiedenis',
  noHistory: 'Nog geen toewijzingen.',
  at: 'Tijdstip',
  deviceId: 'Apparaat',
  action: 'Handeling',
  by: 'Door',
  historyActions: {
    assigned: 'Toegewezen',
    unassigned: 'Teruggenomen',
  },
  shopFor: 'Winkel voor {{tag}}',
  unassign: 'Terugnemen',
  assignDescription: 'Uw apparaten en de winkels die ze hebben; de terminallimiet van elke winkel geldt.',
};

export const texts: typeof german = {
  screen: devicesScreensNl,
  errors: { codes: devicesErrorCodesNl },
  devices: devicesNl,
};
