import type { texts as german, partnerDe, partnerErrorCodesDe, partnerScreensDe } from './de.ts';

export const partnerErrorCodesEn: typeof partnerErrorCodesDe = {
  api_key_invalid: 'Unknown or revoked API key.',
  ip_not_allowed: 'Requests from {{ip}} are not allowed for this shop.',
  api_disabled: "The shop's API access is switched off.",
  api_keys_shops_only: 'Only shops get API keys; a reseller sells online through one of its shops.',
};

export const partnerScreensEn: typeof partnerScreensDe = {
  sellerApi: 'API access',
};

export const partnerEn: typeof partnerDe = {
  title: 'API keys',
  hint: "With a key the shop's till or web shop buys PINs and sends top-ups over the partner API, as the chosen user.",
  pageHint: 'Keys for the partner API of your till or web shop.',
  docs: 'Partner API documentation',
  disabled: 'API access is switched off; your reseller switches it on in the API details.',
  allowedIps: 'Allowed addresses: {{ips}}',
  noAllowedIps: 'No allowed address yet: requests are refused until one is entered.',
  noKeys: 'No keys yet.',
  name: 'Name',
  namePlaceholder: 'e.g. Till 1',
  key: 'Key',
  user: 'User',
  userHint: "The key's sales are this user's; the user's permissions apply.",
  createdAt: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'Never',
  status: 'Status',
  active: 'Active',
  revoked: 'Revoked',
  revoke: 'Revoke',
  create: 'Create key',
  createdTitle: 'Key "{{name}}" created',
  shownOnce: 'Copy the key now: it is shown this one time only and is not stored anywhere.',
  copy: 'Copy',
  copied: 'Copied',
  stored: 'I have stored it',
  revokeTitle: 'Revoke key "{{name}}"?',
  revokeText: 'Requests with this key are refused at once. This cannot be undone.',
  revokedNotice: 'Key "{{name}}" revoked.',
  webhooksTitle: 'Webhooks',
  webhooksHint:
    'On sales, final top-ups, credit bookings and a low balance the callback URL receives a signed event (without PINs). Signature: HMAC-SHA256 with the secret over "timestamp.body", in the X-Portal-Signature header. Failed deliveries are tried again for up to 28 hours.',
  callbackUrl: 'Callback URL: {{url}}',
  noCallbackUrl: 'No callback URL entered: no events are sent.',
  secretSince: 'Signing secret since',
  noSecret: 'No signing secret yet: no events are sent.',
  createSecret: 'Create secret',
  rotateSecret: 'Rotate secret',
  secretTitle: 'New signing secret',
  secretShownOnce: 'Copy the secret now: it is shown this one time only. The previous one stops working at once.',
  noDeliveries: 'No deliveries yet.',
  deliveryLog: 'Webhook delivery log',
  event: 'Event',
  attempts: 'Attempts',
  lastAnswer: 'Last answer',
  lastAttempt: 'Last attempt',
  resend: 'Send again',
  resent: 'Delivery queued again.',
  deliveryStatus: {
    pending: 'Pending',
    delivered: 'Delivered',
    failed: 'Failed',
  },
  eventType: {
    sale_completed: 'Sale completed',
    topup_completed: 'Top-up successful',
    topup_failed: 'Top-up failed',
    topup_refunded: 'Top-up refunded',
    balance_low: 'Balance low',
    credit_booked: 'Credit booked',
  },
};

export const texts: typeof german = {
  screen: partnerScreensEn,
  errors: { codes: partnerErrorCodesEn },
  partner: partnerEn,
};
