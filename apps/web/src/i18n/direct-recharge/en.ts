import type { directRechargeDe, directRechargeScreensDe, texts as german } from './de.ts';

export const directRechargeScreensEn: typeof directRechargeScreensDe = {
  directRecharge: 'Direct recharge',
  directRechargeHistory: 'Direct recharges',
};

export const directRechargeEn: typeof directRechargeDe = {
  description: 'Load credit onto a German mobile: choose the operator and amount, enter the number, buy.',
  numberHint: 'German mobile number, e.g. 0176 1234 5678',
  invalidNumber: 'Not a valid German mobile number.',
  confirmTitle: 'Confirm the recharge',
  confirmText: 'Please check the details. Once you confirm, the number is recharged and your balance is charged.',
  confirm: 'Confirm and recharge',
  again: 'New recharge',
  historyDescription: "Your shop's direct recharges, newest first.",
  historyEmpty: 'No direct recharges yet.',
  toHistory: 'All direct recharges',
  outcome: {
    pending: 'The recharge is on its way …',
    successful: 'The recharge has arrived.',
    failed: 'The recharge failed; the amount was credited back.',
    refunded: 'The recharge was reversed; the amount was refunded.',
  },
};

export const texts: typeof german = { screen: directRechargeScreensEn, directRecharge: directRechargeEn };
