import type { booksDe, booksScreensDe, texts as german } from './de.ts';

export const booksScreensFr: typeof booksScreensDe = {
  stockValue: 'Valeur du stock à une date',
  supplierDebt: 'Dettes fournisseurs',
};

export const booksFr: typeof booksDe = {
  day: 'À la fin du jour',
  owner: 'Propriétaire',
  allOwners: 'Tous les propriétaires',
  product: 'Produit',
  value: 'Valeur faciale',
  pins: 'PIN en stock',
  stockValue: 'Valeur du stock (coût)',
  ownerTotal: 'Total {{owner}}',
  total: 'Total',
  stockValueDescription:
    'Les PIN en stock à la fin du jour choisi à leur coût (valeur faciale moins la remise du fournisseur), tels que le compte de stock les enregistre.',
  stockValueEmpty: 'Aucun PIN n’était en stock à la fin de ce jour.',
  supplierDebtDescription:
    'Ce que la plateforme doit à ses fournisseurs (PIN à leur coût) et prestataires (biens des prestataires à leur coût en euros) à la fin du jour choisi, tel que le compte de dettes fournisseurs l’enregistre.',
  supplierDebtEmpty: 'À la fin de ce jour, la plateforme ne devait rien à aucun fournisseur.',
  source: 'Type',
  sources: { supplier: 'Fournisseur (PIN)', provider: 'Prestataire' },
  name: 'Fournisseur / prestataire',
  quantity: 'Quantité',
  debt: 'Montant dû',
};

export const texts: typeof german = { screen: booksScreensFr, books: booksFr };
