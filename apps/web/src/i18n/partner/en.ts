import type { partnerDe, partnerErrorCodesDe, partnerScreensDe } from './de.ts';

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
  hint: "With a key the shop's till or web shop buys PINs over the partner API, as the chosen user.",
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
};
