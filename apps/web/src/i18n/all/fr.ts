import { alertsFr } from '../alerts/fr.ts';
import { assignmentsFr } from '../assignments/fr.ts';
import { bankingErrorCodesFr, bankingFr, bankingScreensFr } from '../banking/fr.ts';
import { catalogueErrorCodesFr, catalogueFr, catalogueScreensFr } from '../catalogue/fr.ts';
import { creditFr } from '../credit/fr.ts';
import {
  customersErrorCodesFr,
  customersFormFr,
  customersFr,
  customersMenuFr,
  customersScreensFr,
  featureFlagsFr,
  registerFr,
} from '../customers/fr.ts';
import { dashboardFr } from '../dashboard/fr.ts';
import { devicesErrorCodesFr, devicesFr, devicesScreensFr } from '../devices/fr.ts';
import { directRechargeFr, directRechargeScreensFr } from '../direct-recharge/fr.ts';
import { dynamicProductsFr, dynamicProductsScreensFr } from '../dynamic-products/fr.ts';
import { flixbusErrorCodesFr, flixbusFr, flixbusScreensFr } from '../flixbus/fr.ts';
import { hardwareErrorCodesFr, hardwareFr, hardwareScreensFr } from '../hardware/fr.ts';
import { invoicesErrorCodesFr, invoicesFr, invoicesScreensFr } from '../invoices/fr.ts';
import { fr as shell } from '../locales/fr.ts';
import { partnerErrorCodesFr, partnerFr, partnerScreensFr } from '../partner/fr.ts';
import { reclamationsErrorCodesFr, reclamationsFr, reclamationsScreensFr } from '../reclamations/fr.ts';
import { reportsFr, reportsScreensFr } from '../reports/fr.ts';
import { sellingErrorCodesFr, sellingFr, sellingScreensFr } from '../selling/fr.ts';
import { staffFr } from '../staff/fr.ts';
import { topupErrorCodesFr, topupFr, topupScreensFr } from '../topup/fr.ts';
import type { Messages } from './de.ts';

export const fr: Messages = {
  app: shell.app,
  common: shell.common,
  auth: shell.auth,
  setPassword: shell.setPassword,
  password: shell.password,
  loading: shell.loading,
  home: shell.home,
  role: shell.role,
  settings: shell.settings,
  starred: shell.starred,
  support: shell.support,
  loginRequests: shell.loginRequests,
  table: shell.table,
  pages: shell.pages,
  version: shell.version,
  legal: shell.legal,
  screen: {
    ...shell.screen,
    ...catalogueScreensFr,
    ...customersScreensFr,
    ...sellingScreensFr,
    ...bankingScreensFr,
    ...hardwareScreensFr,
    ...topupScreensFr,
    ...directRechargeScreensFr,
    ...flixbusScreensFr,
    ...dynamicProductsScreensFr,
    ...devicesScreensFr,
    ...reportsScreensFr,
    ...invoicesScreensFr,
    ...reclamationsScreensFr,
    ...partnerScreensFr,
  },
  menu: {
    ...shell.menu,
    ...customersMenuFr,
  },
  errors: {
    ...shell.errors,
    codes: {
      ...shell.errors.codes,
      ...sellingErrorCodesFr,
      ...catalogueErrorCodesFr,
      ...bankingErrorCodesFr,
      ...hardwareErrorCodesFr,
      ...devicesErrorCodesFr,
      ...customersErrorCodesFr,
      ...topupErrorCodesFr,
      ...flixbusErrorCodesFr,
      ...invoicesErrorCodesFr,
      ...reclamationsErrorCodesFr,
      ...partnerErrorCodesFr,
    },
  },
  catalogue: catalogueFr,
  form: customersFormFr,
  flags: featureFlagsFr,
  customers: customersFr,
  staff: staffFr,
  assignments: assignmentsFr,
  credit: creditFr,
  register: registerFr,
  selling: sellingFr,
  banking: bankingFr,
  hardware: hardwareFr,
  topup: topupFr,
  directRecharge: directRechargeFr,
  flixbus: flixbusFr,
  dynamicProducts: dynamicProductsFr,
  devices: devicesFr,
  reports: reportsFr,
  dashboard: dashboardFr,
  alerts: alertsFr,
  invoices: invoicesFr,
  reclamations: reclamationsFr,
  partner: partnerFr,
};
