import { alertsNl } from '../alerts/nl.ts';
import { assignmentsNl } from '../assignments/nl.ts';
import { bankingErrorCodesNl, bankingNl, bankingScreensNl } from '../banking/nl.ts';
import { catalogueErrorCodesNl, catalogueNl, catalogueScreensNl } from '../catalogue/nl.ts';
import { creditNl } from '../credit/nl.ts';
import {
  customersErrorCodesNl,
  customersFormNl,
  customersMenuNl,
  customersNl,
  customersScreensNl,
  featureFlagsNl,
  registerNl,
} from '../customers/nl.ts';
import { dashboardNl } from '../dashboard/nl.ts';
import { devicesErrorCodesNl, devicesNl, devicesScreensNl } from '../devices/nl.ts';
import { directRechargeNl, directRechargeScreensNl } from '../direct-recharge/nl.ts';
import { dynamicProductsNl, dynamicProductsScreensNl } from '../dynamic-products/nl.ts';
import { flixbusErrorCodesNl, flixbusNl, flixbusScreensNl } from '../flixbus/nl.ts';
import { hardwareErrorCodesNl, hardwareNl, hardwareScreensNl } from '../hardware/nl.ts';
import { invoicesErrorCodesNl, invoicesNl, invoicesScreensNl } from '../invoices/nl.ts';
import { nl as shell } from '../locales/nl.ts';
import { partnerErrorCodesNl, partnerNl, partnerScreensNl } from '../partner/nl.ts';
import { reclamationsErrorCodesNl, reclamationsNl, reclamationsScreensNl } from '../reclamations/nl.ts';
import { reportsNl, reportsScreensNl } from '../reports/nl.ts';
import { sellingErrorCodesNl, sellingNl, sellingScreensNl } from '../selling/nl.ts';
import { staffNl } from '../staff/nl.ts';
import { topupErrorCodesNl, topupNl, topupScreensNl } from '../topup/nl.ts';
import type { Messages } from './de.ts';

export const nl: Messages = {
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
    ...catalogueScreensNl,
    ...customersScreensNl,
    ...sellingScreensNl,
    ...bankingScreensNl,
    ...hardwareScreensNl,
    ...topupScreensNl,
    ...directRechargeScreensNl,
    ...flixbusScreensNl,
    ...dynamicProductsScreensNl,
    ...devicesScreensNl,
    ...reportsScreensNl,
    ...invoicesScreensNl,
    ...reclamationsScreensNl,
    ...partnerScreensNl,
  },
  menu: {
    ...shell.menu,
    ...customersMenuNl,
  },
  errors: {
    ...shell.errors,
    codes: {
      ...shell.errors.codes,
      ...sellingErrorCodesNl,
      ...catalogueErrorCodesNl,
      ...bankingErrorCodesNl,
      ...hardwareErrorCodesNl,
      ...devicesErrorCodesNl,
      ...customersErrorCodesNl,
      ...topupErrorCodesNl,
      ...flixbusErrorCodesNl,
      ...invoicesErrorCodesNl,
      ...reclamationsErrorCodesNl,
      ...partnerErrorCodesNl,
    },
  },
  catalogue: catalogueNl,
  form: customersFormNl,
  flags: featureFlagsNl,
  customers: customersNl,
  staff: staffNl,
  assignments: assignmentsNl,
  credit: creditNl,
  register: registerNl,
  selling: sellingNl,
  banking: bankingNl,
  hardware: hardwareNl,
  topup: topupNl,
  directRecharge: directRechargeNl,
  flixbus: flixbusNl,
  dynamicProducts: dynamicProductsNl,
  devices: devicesNl,
  reports: reportsNl,
  dashboard: dashboardNl,
  alerts: alertsNl,
  invoices: invoicesNl,
  reclamations: reclamationsNl,
  partner: partnerNl,
};
