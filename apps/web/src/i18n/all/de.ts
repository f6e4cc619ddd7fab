import { alertsDe } from '../alerts/de.ts';
import { assignmentsDe } from '../assignments/de.ts';
import { bankingDe, bankingErrorCodesDe, bankingScreensDe } from '../banking/de.ts';
import { catalogueDe, catalogueErrorCodesDe, catalogueScreensDe } from '../catalogue/de.ts';
import { creditDe } from '../credit/de.ts';
import {
  customersDe,
  customersErrorCodesDe,
  customersFormDe,
  customersMenuDe,
  customersScreensDe,
  featureFlagsDe,
  registerDe,
} from '../customers/de.ts';
import { dashboardDe } from '../dashboard/de.ts';
import { devicesDe, devicesErrorCodesDe, devicesScreensDe } from '../devices/de.ts';
import { directRechargeDe, directRechargeScreensDe } from '../direct-recharge/de.ts';
import { dynamicProductsDe, dynamicProductsScreensDe } from '../dynamic-products/de.ts';
import { flixbusDe, flixbusErrorCodesDe, flixbusScreensDe } from '../flixbus/de.ts';
import { hardwareDe, hardwareErrorCodesDe, hardwareScreensDe } from '../hardware/de.ts';
import { invoicesDe, invoicesErrorCodesDe, invoicesScreensDe } from '../invoices/de.ts';
import { de as shell } from '../locales/de.ts';
import { partnerDe, partnerErrorCodesDe, partnerScreensDe } from '../partner/de.ts';
import { reclamationsDe, reclamationsErrorCodesDe, reclamationsScreensDe } from '../reclamations/de.ts';
import { reportsDe, reportsScreensDe } from '../reports/de.ts';
import { sellingDe, sellingErrorCodesDe, sellingScreensDe } from '../selling/de.ts';
import { staffDe } from '../staff/de.ts';
import { topupDe, topupErrorCodesDe, topupScreensDe } from '../topup/de.ts';

/**
 * Every text of the app, one entry per domain: the shell's (sign-in, errors, menu groups) named one by one, and each
 * domain's screen titles, menu entries, refusal texts and screen texts. The sign-in page loads only the shell's, this comes with the first screen that
 * needs it (i18n/index.ts), so a visitor who only signs in does not download the texts of every screen.
 */
export const de = {
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
    ...catalogueScreensDe,
    ...customersScreensDe,
    ...sellingScreensDe,
    ...bankingScreensDe,
    ...hardwareScreensDe,
    ...topupScreensDe,
    ...directRechargeScreensDe,
    ...flixbusScreensDe,
    ...dynamicProductsScreensDe,
    ...devicesScreensDe,
    ...reportsScreensDe,
    ...invoicesScreensDe,
    ...reclamationsScreensDe,
    ...partnerScreensDe,
  },
  menu: {
    ...shell.menu,
    ...customersMenuDe,
  },
  errors: {
    ...shell.errors,
    codes: {
      ...shell.errors.codes,
      ...sellingErrorCodesDe,
      ...catalogueErrorCodesDe,
      ...bankingErrorCodesDe,
      ...hardwareErrorCodesDe,
      ...devicesErrorCodesDe,
      ...customersErrorCodesDe,
      ...topupErrorCodesDe,
      ...flixbusErrorCodesDe,
      ...invoicesErrorCodesDe,
      ...reclamationsErrorCodesDe,
      ...partnerErrorCodesDe,
    },
  },
  catalogue: catalogueDe,
  form: customersFormDe,
  flags: featureFlagsDe,
  customers: customersDe,
  staff: staffDe,
  assignments: assignmentsDe,
  credit: creditDe,
  register: registerDe,
  selling: sellingDe,
  banking: bankingDe,
  hardware: hardwareDe,
  topup: topupDe,
  directRecharge: directRechargeDe,
  flixbus: flixbusDe,
  dynamicProducts: dynamicProductsDe,
  devices: devicesDe,
  reports: reportsDe,
  dashboard: dashboardDe,
  alerts: alertsDe,
  invoices: invoicesDe,
  reclamations: reclamationsDe,
  partner: partnerDe,
};

export type Messages = typeof de;
