/** Refusals of the device calls, by their error code. */
export const devicesErrorCodesDe = {
  terminal_limit_reached: 'Der Shop hat bereits so viele Geräte, wie sein Terminal-Limit ({{terminal_limit}}) erlaubt.',
  serial_taken: 'Ein Gerät mit der Seriennummer {{serial_no}} ist bereits registriert.',
};

export const devicesScreensDe = {
  devices: 'Geräte',
  deviceAdd: 'Gerät hinzufügen',
  deviceEdit: 'Gerät bearbeiten',
  assignDevices: 'Geräte zuweisen',
  userDevices: 'Meine Geräte',
  customerDevices: 'Geräte des Kunden',
};

export const devicesDe = {
  saved: 'Gerät gespeichert.',
  assignmentSaved: 'Zuweisung gespeichert.',
  tag: 'Bezeichnung',
  serialNo: 'Seriennummer',
  status: 'Status',
  statuses: {
    active: 'Aktiv',
    inactive: 'Inaktiv',
  },
  reseller: 'Händler',
  shop: 'Shop',
  actions: 'Aktionen',
  edit: 'Bearbeiten',
  editNamed: '{{tag}} bearbeiten',
  delete: 'Löschen',
  deleteNamed: '{{tag}} löschen',
  listDescription: 'Alle Geräte der Plattform und bei wem sie sind.',
  search: 'Bezeichnung oder Seriennummer',
  required: 'Pflichtfeld.',
  device: 'Gerät',
  notFound: 'Gerät nicht gefunden.',
  history: 'Verlauf der Zuweisungen',
  noHistory: 'Noch keine Zuweisungen.',
  at: 'Zeitpunkt',
  deviceId: 'Gerät',
  action: 'Vorgang',
  by: 'Von',
  historyActions: {
    assigned: 'Zugewiesen',
    unassigned: 'Zurückgenommen',
  },
  shopFor: 'Shop für {{tag}}',
  unassign: 'Zurücknehmen',
  assignDescription: 'Ihre Geräte und die Shops, denen sie zugewiesen sind; das Terminal-Limit des Shops gilt.',
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { screen: devicesScreensDe, errors: { codes: devicesErrorCodesDe }, devices: devicesDe };
