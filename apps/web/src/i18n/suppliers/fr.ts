import type { texts as german, suppliersDe, suppliersScreensDe } from './de.ts';

export const suppliersScreensFr: typeof suppliersScreensDe = {
  suppliers: 'Fournisseurs',
  supplierAdd: 'Ajouter un fournisseur',
  supplierEdit: 'Modifier le fournisseur',
};

export const suppliersFr: typeof suppliersDe = {
  listDescription: 'Les fournisseurs auprès desquels vous achetez des PIN.',
  full_name: 'Nom',
  company: 'Société',
  email: 'E-mail',
  mobile: 'Mobile',
  telephone: 'Téléphone',
  address: 'Adresse',
  city: 'Ville',
  postalcode: 'Code postal',
  country: 'Pays',
  ustidnr: 'N° de TVA',
  stnr: 'N° fiscal',
  remarks: 'Remarques',
  added: 'Fournisseur ajouté',
  updated: 'Fournisseur enregistré',
  statusChanged: 'Statut modifié',
  common: {
    search: 'Rechercher',
    status: 'Statut',
    allStatuses: 'Tous',
    active: 'Actif',
    inactive: 'Inactif',
    edit: 'Modifier',
  },
  validation: {
    required: 'Champ obligatoire',
    email: 'Saisissez une adresse e-mail valide',
  },
};

export const texts: typeof german = { screen: suppliersScreensFr, suppliers: suppliersFr };
