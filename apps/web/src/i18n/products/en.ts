import type { texts as german, productsDe, productsScreensDe } from './de.ts';

export const productsScreensEn: typeof productsScreensDe = {
  products: 'Products',
  productAdd: 'Add product',
  productDetails: 'Product details',
};

export const productsEn: typeof productsDe = {
  listDescription: 'The products and denominations of your catalogue.',
  name: 'Product name',
  type: 'Product type',
  pinLength: 'PIN length',
  vat: 'VAT',
  vatHint: 'Have your tax adviser confirm it; it decides the VAT on invoices.',
  vatOptions: {
    mpv: 'Multi-purpose voucher (outside the scope of VAT)',
    spv_19: 'Single-purpose voucher 19 %',
    spv_7: 'Single-purpose voucher 7 %',
  },
  customerCare: 'Customer care',
  instructions: 'Instructions',
  image: 'Product image',
  imageHint: 'PNG, JPEG, WebP or GIF, at most 1 MB',
  imageUpload: 'Upload image',
  imageSaved: 'Image saved',
  noImage: 'No image',
  isConfiguration: 'With denominations',
  denominations: 'Denominations',
  value: 'Face value (EUR)',
  info: 'Info',
  addDenomination: 'Add denomination',
  removeDenomination: 'Remove denomination',
  newDenomination: 'New denomination',
  added: 'Product added',
  updated: 'Product saved',
  configurationCount: 'Denominations',
  types: {
    cash_card: 'Cash card',
    gift_card: 'Gift card',
    calling_card: 'Calling card',
  },
  allTypes: 'All types',
  assigned: {
    badge: 'Assigned by the platform',
    readOnly:
      "The platform assigned this product to you for sale. The product, its denominations and its stock are the platform's and read-only here.",
  },
  giftCard: {
    listDescription: 'Gift cards and their batches.',
    added: 'Gift card added',
    updated: 'Gift card saved',
  },
  common: {
    search: 'Search',
    status: 'Status',
    allStatuses: 'All',
    active: 'Active',
    inactive: 'Inactive',
    activate: 'Activate',
    deactivate: 'Deactivate',
    details: 'Details',
    edit: 'Edit',
    add: 'Add',
  },
  validation: {
    value: 'The amount must be greater than 0',
    required: 'Required',
    pinLength: 'Between 4 and 64 characters',
    configurations: 'At least one denomination',
  },
};

export const texts: typeof german = { screen: productsScreensEn, products: productsEn };
