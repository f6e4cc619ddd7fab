import { alertsEn } from '../alerts/en.ts';
import { assignmentsEn } from '../assignments/en.ts';
import { bankingEn, bankingErrorCodesEn, bankingScreensEn } from '../banking/en.ts';
import { catalogueEn, catalogueErrorCodesEn, catalogueScreensEn } from '../catalogue/en.ts';
import { creditEn } from '../credit/en.ts';
import {
  customersEn,
  customersErrorCodesEn,
  customersFormEn,
  customersMenuEn,
  customersScreensEn,
  featureFlagsEn,
  registerEn,
} from '../customers/en.ts';
import { dashboardEn } from '../dashboard/en.ts';
import { devicesEn, devicesErrorCodesEn, devicesScreensEn } from '../devices/en.ts';
import { directRechargeEn, directRechargeScreensEn } from '../direct-recharge/en.ts';
import { dynamicProductsEn, dynamicProductsScreensEn } from '../dynamic-products/en.ts';
import { flixbusEn, flixbusErrorCodesEn, flixbusScreensEn } from '../flixbus/en.ts';
import { hardwareEn, hardwareErrorCodesEn, hardwareScreensEn } from '../hardware/en.ts';
import { invoicesEn, invoicesErrorCodesEn, invoicesScreensEn } from '../invoices/en.ts';
import { en as shell } from '../locales/en.ts';
import { partnerEn, partnerErrorCodesEn, partnerScreensEn } from '../partner/en.ts';
import { reclamationsEn, reclamationsErrorCodesEn, reclamationsScreensEn } from '../reclamations/en.ts';
import { reportsEn, reportsScreensEn } from '../reports/en.ts';
import { sellingEn, sellingErrorCodesEn, sellingScreensEn } from '../selling/en.ts';
import { staffEn } from '../staff/en.ts';
import { topupEn, topupErrorCodesEn, topupScreensEn } from '../topup/en.ts';
import type { Messages } from './de.ts';

export const en: Messages = {
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
    ...catalogueScreensEn,
    ...customersScreensEn,
    ...sellingScreensEn,
    ...bankingScreensEn,
    ...hardwareScreensEn,
    ...topupScreensEn,
    ...directRechargeScreensEn,
    ...flixbusScreensEn,
    ...dynamicProductsScreensEn,
    ...devicesScreensEn,
    ...reportsScreensEn,
    ...invoicesScreensEn,
    ...reclamationsScreensEn,
    ...partnerScreensEn,
  },
  menu: {
    ...shell.menu,
    ...customersMenuEn,
  },
  errors: {
    ...shell.errors,
    codes: {
      ...shell.errors.codes,
      ...sellingErrorCodesEn,
      ...catalogueErrorCodesEn,
      ...bankingErrorCodesEn,
      ...hardwareErrorCodesEn,
      ...devicesErrorCodesEn,
      ...customersErrorCodesEn,
      ...topupErrorCodesEn,
      ...flixbusErrorCodesEn,
      ...invoicesErrorCodesEn,
      ...reclamationsErrorCodesEn,
      ...partnerErrorCodesEn,
    },
  },
  catalogue: catalogueEn,
  form: customersFormEn,
  flags: featureFlagsEn,
  customers: customersEn,
  staff: staffEn,
  assignments: assignmentsEn,
  credit: creditEn,
  register: registerEn,
  selling: sellingEn,
  banking: bankingEn,
  hardware: hardwareEn,
  topup: topupEn,
  directRecharge: directRechargeEn,
  flixbus: flixbusEn,
  dynamicProducts: dynamicProductsEn,
  devices: devicesEn,
  reports: reportsEn,
  dashboard: dashboardEn,
  alerts: alertsEn,
  invoices: invoicesEn,
  reclamations: reclamationsEn,
  partner: partnerEn,
};
