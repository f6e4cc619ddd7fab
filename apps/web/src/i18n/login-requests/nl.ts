import type { texts as german, loginRequestsDe } from './de.ts';

export const loginRequestsNl: typeof loginRequestsDe = {
  description: 'Aanmeldingen vanaf nieuwe apparaten die op uw goedkeuring wachten.',
  filterStatus: 'Status',
  status: {
    pending: 'In behandeling',
    approved: 'Goedgekeurd',
    rejected: 'Afgewezen',
    expired: 'Verlopen',
    all: 'Alle',
  },
  reference: 'Referentie',
  username: 'Gebruikersnaam',
  name: 'Naam',
  customer: 'Klant',
  ip: 'IP-adres',
  device: 'Apparaat',
  created: 'Aangevraagd',
  expires: 'Geldig tot',
  approve: 'Goedkeuren',
  reject: 'Afwijzen',
  approved: 'Aanmelding goedgekeurd',
  rejected: 'Aanmelding afgewezen',
};

export const texts: typeof german = { loginRequests: loginRequestsNl, screen: { loginRequests: 'Inlogverzoeken' } };
