import type { texts as german, loginRequestsDe } from './de.ts';

export const loginRequestsFr: typeof loginRequestsDe = {
  description: 'Connexions depuis de nouveaux appareils en attente de votre validation.',
  filterStatus: 'Statut',
  status: {
    pending: 'En attente',
    approved: 'Validée',
    rejected: 'Refusée',
    expired: 'Expirée',
    all: 'Toutes',
  },
  reference: 'Référence',
  username: "Nom d'utilisateur",
  name: 'Nom',
  customer: 'Client',
  ip: 'Adresse IP',
  device: 'Appareil',
  created: 'Demandée le',
  expires: "Valable jusqu'au",
  approve: 'Valider',
  reject: 'Refuser',
  approved: 'Connexion validée',
  rejected: 'Connexion refusée',
};

export const texts: typeof german = {
  loginRequests: loginRequestsFr,
  screen: { loginRequests: 'Demandes de connexion' },
};
