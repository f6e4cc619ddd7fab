import type { texts as german, suppliersDe, suppliersScreensDe } from './de.ts';

export const suppliersScreensEn: typeof suppliersScreensDe = {
  suppliers: 'Suppliers',
  supplierAdd: 'Add supplier',
  supplierEdit: 'Edit supplier',
};

export const suppliersEn: typeof suppliersDe = {
  listDescription: 'The suppliers you buy PINs from.',
  full_name: 'Name',
  company: 'Company',
  email: 'E-mail',
  mobile: 'Mobile',
  telephone: 'Telephone',
  address: 'Address',
  city: 'City',
  postalcode: 'Postal code',
  country: 'Country',
  ustidnr: 'VAT ID',
  stnr: 'Tax number',
  remarks: 'Remarks',
  added: 'Supplier added',
  updated: 'Supplier saved',
  statusChanged: 'Status changed',
  common: {
    search: 'Search',
    status: 'Status',
    allStatuses: 'All',
    active: 'Active',
    inactive: 'Inactive',
    edit: 'Edit',
  },
  validation: {
    required: 'Required',
    email: 'Enter a valid e-mail address',
  },
};

export const texts: typeof german = { screen: suppliersScreensEn, suppliers: suppliersEn };
