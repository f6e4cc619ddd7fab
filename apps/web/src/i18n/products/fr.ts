import type { texts as german, productsDe, productsScreensDe } from './de.ts';

export const productsScreensFr: typeof productsScreensDe = {
  products: 'Produits',
  productAdd: 'Ajouter un produit',
  productDetails: 'Détails du produit',
};

export const productsFr: typeof productsDe = {
  listDescription: 'Les produits et valeurs faciales de votre catalogue.',
  name: 'Nom du produit',
  type: 'Type de produit',
  pinLength: 'Longueur du PIN',
  vat: 'TVA',
  vatHint: 'À faire confirmer par votre conseiller fiscal ; détermine la TVA sur les factures.',
  vatOptions: {
    mpv: 'Bon à usages multiples (hors champ de la TVA)',
    spv_19: 'Bon à usage unique 19 %',
    spv_7: 'Bon à usage unique 7 %',
  },
  customerCare: 'Service client',
  instructions: 'Mode d’emploi',
  image: 'Image du produit',
  imageHint: 'PNG, JPEG, WebP ou GIF, 1 Mo au plus',
  imageUpload: 'Téléverser une image',
  imageSaved: 'Image enregistrée',
  noImage: 'Aucune image',
  isConfiguration: 'Avec valeurs faciales',
  denominations: 'Valeurs faciales',
  value: 'Valeur faciale (EUR)',
  info: 'Info',
  addDenomination: 'Ajouter une valeur',
  removeDenomination: 'Retirer la valeur',
  newDenomination: 'Nouvelle valeur',
  added: 'Produit ajouté',
  updated: 'Produit enregistré',
  configurationCount: 'Valeurs',
  types: {
    cash_card: 'Carte prépayée',
    gift_card: 'Carte cadeau',
    calling_card: 'Carte téléphonique',
  },
  allTypes: 'Tous les types',
  assigned: {
    badge: 'Attribué par la plateforme',
    readOnly:
      'La plateforme vous a attribué ce produit pour la vente. Le produit, ses valeurs nominales et son stock appartiennent à la plateforme et sont ici en lecture seule.',
  },
  giftCard: {
    listDescription: 'Les cartes cadeaux et leurs lots.',
    added: 'Carte cadeau ajoutée',
    updated: 'Carte cadeau enregistrée',
  },
  common: {
    search: 'Rechercher',
    status: 'Statut',
    allStatuses: 'Tous',
    active: 'Actif',
    inactive: 'Inactif',
    activate: 'Activer',
    deactivate: 'Désactiver',
    details: 'Détails',
    edit: 'Modifier',
    add: 'Ajouter',
  },
  validation: {
    value: 'Le montant doit être supérieur à 0',
    required: 'Champ obligatoire',
    pinLength: 'Entre 4 et 64 caractères',
    configurations: 'Au moins une valeur faciale',
  },
};

export const texts: typeof german = { screen: productsScreensFr, products: productsFr };
