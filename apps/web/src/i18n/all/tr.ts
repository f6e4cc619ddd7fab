import { alertsTr } from '../alerts/tr.ts';
import { assignmentsTr } from '../assignments/tr.ts';
import { bankingErrorCodesTr, bankingScreensTr, bankingTr } from '../banking/tr.ts';
import { catalogueErrorCodesTr, catalogueScreensTr, catalogueTr } from '../catalogue/tr.ts';
import { creditTr } from '../credit/tr.ts';
import {
  customersErrorCodesTr,
  customersFormTr,
  customersMenuTr,
  customersScreensTr,
  customersTr,
  featureFlagsTr,
  registerTr,
} from '../customers/tr.ts';
import { dashboardTr } from '../dashboard/tr.ts';
import { devicesErrorCodesTr, devicesScreensTr, devicesTr } from '../devices/tr.ts';
import { directRechargeScreensTr, directRechargeTr } from '../direct-recharge/tr.ts';
import { dynamicProductsScreensTr, dynamicProductsTr } from '../dynamic-products/tr.ts';
import { flixbusErrorCodesTr, flixbusScreensTr, flixbusTr } from '../flixbus/tr.ts';
import { hardwareErrorCodesTr, hardwareScreensTr, hardwareTr } from '../hardware/tr.ts';
import { invoicesErrorCodesTr, invoicesScreensTr, invoicesTr } from '../invoices/tr.ts';
import { tr as shell } from '../locales/tr.ts';
import { partnerErrorCodesTr, partnerScreensTr, partnerTr } from '../partner/tr.ts';
import { reclamationsErrorCodesTr, reclamationsScreensTr, reclamationsTr } from '../reclamations/tr.ts';
import { reportsScreensTr, reportsTr } from '../reports/tr.ts';
import { sellingErrorCodesTr, sellingScreensTr, sellingTr } from '../selling/tr.ts';
import { staffTr } from '../staff/tr.ts';
import { topupErrorCodesTr, topupScreensTr, topupTr } from '../topup/tr.ts';
import type { Messages } from './de.ts';

export const tr: Messages = {
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
    ...catalogueScreensTr,
    ...customersScreensTr,
    ...sellingScreensTr,
    ...bankingScreensTr,
    ...hardwareScreensTr,
    ...topupScreensTr,
    ...directRechargeScreensTr,
    ...flixbusScreensTr,
    ...dynamicProductsScreensTr,
    ...devicesScreensTr,
    ...reportsScreensTr,
    ...invoicesScreensTr,
    ...reclamationsScreensTr,
    ...partnerScreensTr,
  },
  menu: {
    ...shell.menu,
    ...customersMenuTr,
  },
  errors: {
    ...shell.errors,
    codes: {
      ...shell.errors.codes,
      ...sellingErrorCodesTr,
      ...catalogueErrorCodesTr,
      ...bankingErrorCodesTr,
      ...hardwareErrorCodesTr,
      ...devicesErrorCodesTr,
      ...customersErrorCodesTr,
      ...topupErrorCodesTr,
      ...flixbusErrorCodesTr,
      ...invoicesErrorCodesTr,
      ...reclamationsErrorCodesTr,
      ...partnerErrorCodesTr,
    },
  },
  catalogue: catalogueTr,
  form: customersFormTr,
  flags: featureFlagsTr,
  customers: customersTr,
  staff: staffTr,
  assignments: assignmentsTr,
  credit: creditTr,
  register: registerTr,
  selling: sellingTr,
  banking: bankingTr,
  hardware: hardwareTr,
  topup: topupTr,
  directRecharge: directRechargeTr,
  flixbus: flixbusTr,
  dynamicProducts: dynamicProductsTr,
  devices: devicesTr,
  reports: reportsTr,
  dashboard: dashboardTr,
  alerts: alertsTr,
  invoices: invoicesTr,
  reclamations: reclamationsTr,
  partner: partnerTr,
};
