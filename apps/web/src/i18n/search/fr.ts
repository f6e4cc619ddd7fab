import type { texts as german, searchDe } from './de.ts';

export const searchFr: typeof searchDe = {
  open: 'Rechercher',
  shortcut: 'Ctrl+K',
  title: 'Tout trouver',
  label: 'Terme recherché',
  placeholder: 'Client, utilisateur, vente, PIN, numéro de série, numéro de téléphone, numéro de facture …',
  hint: 'Les PIN, numéros de série, numéros de téléphone et numéros de facture ne sont trouvés qu’en entier.',
  results: 'Résultats de la recherche',
  nothing: 'Aucun résultat',
  nothingHint: 'Rien dans votre périmètre ne correspond à « {{q}} ».',
  searching: 'Recherche en cours …',
  keys: '↑ ↓ choisir · Entrée ouvrir · Échap fermer',
  kinds: {
    customer: 'Client',
    user: 'Utilisateur',
    sale: 'Vente de PIN',
    provider_sale: 'Vente fournisseur',
    invoice: 'Document',
    reclamation: 'Réclamation',
    bank_record: 'Opération bancaire',
  },
  matches: {
    id: 'Numéro',
    name: 'Nom',
    username: 'Nom d’utilisateur',
    serial: 'Numéro de série',
    pin: 'PIN',
    phone: 'Numéro de téléphone',
    number: 'Numéro de document',
    text: 'Texte',
  },
};

export const texts: typeof german = { search: searchFr };
