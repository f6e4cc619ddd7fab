export const loginRequestsDe = {
  description: 'Anmeldungen von neuen Geräten, die auf Ihre Freigabe warten.',
  filterStatus: 'Status',
  status: {
    pending: 'Ausstehend',
    approved: 'Freigegeben',
    rejected: 'Abgelehnt',
    expired: 'Abgelaufen',
    all: 'Alle',
  },
  reference: 'Referenz',
  username: 'Benutzername',
  name: 'Name',
  customer: 'Kunde',
  ip: 'IP-Adresse',
  device: 'Gerät',
  created: 'Angefragt',
  expires: 'Gültig bis',
  approve: 'Freigeben',
  reject: 'Ablehnen',
  approved: 'Anmeldung freigegeben',
  rejected: 'Anmeldung abgelehnt',
};

/** This domain's part of the app's texts, in their place in the whole (i18n/domains.ts). */
export const texts = { loginRequests: loginRequestsDe, screen: { loginRequests: 'Anmeldeanfragen' } };
