import type { alertsDe, texts as german } from './de.ts';

export const alertsEn: typeof alertsDe = {
  bell: 'Notices',
  unread_one: '{{count}} unread notice',
  unread_other: '{{count}} unread notices',
  markAllRead: 'Mark all as read',
  none: 'No notices.',
  kinds: {
    low_balance: 'Low balance: {{customer}} has {{balance}}, below its trigger of {{trigger}}.',
    low_stock: 'Low stock: {{name}} has {{available}} PINs left (threshold {{threshold}}).',
    provider_alert: '{{provider}} refused a top-up: {{reason}}',
    invoice_mail_failed:
      'Invoice {{invoice_no}} to {{customer}} could not be mailed after several attempts. Please download it and send it yourself.',
    reclamation: 'Reclamation {{id}} from {{customer}} is waiting for you.',
  },
  providerCodes: {
    '1006001': 'the platform’s balance at {{provider}} is too low (1006001).',
    '1000401': '{{provider}} does not accept the platform’s API key (1000401).',
  },
  providerBalanceLow:
    'The platform’s balance at {{provider}} is {{available}}, below the alert threshold of {{threshold}}.',
};

export const texts: typeof german = { alerts: alertsEn };
