import { type UserInfo, type UserSettings, updateSettingsBody } from '@portal/contract/auth';
import { DEFAULT_SETTINGS } from '@portal/contract/settings';
import type { Actor } from '../../platform/actor.ts';
import { bit } from '../../platform/envelope.ts';
import type { UserProfile } from './users.repository.ts';

/** Stored settings hold only what a user changed, each written through the same schema. */
export function settingsOf(stored: unknown): UserSettings {
  return { ...DEFAULT_SETTINGS, ...updateSettingsBody.parse(stored) };
}

/** Every field of spec section 3 "User info"; the client refetches it as the user-details call. */
export function userInfoOf(actor: Actor, p: UserProfile): UserInfo {
  return {
    user_id: actor.userId,
    customer_id: actor.customerId,
    session_id: actor.sessionId,
    username: p.username,
    name: p.name || p.customerName,
    organisation_name: p.organisationName,
    address: p.address ?? { address: '', house_no: '', postal: '', city: '' },
    account_role: actor.account_role,
    internal_role: actor.internal_role,
    is_manager: bit(actor.internal_role === 0),
    enable_web_view: actor.enable_web_view,
    flag: bit(p.isActive),
    contact_details: { support_info: { email: p.supportEmail, phone: p.supportPhone, text: p.supportText } },
    ...settingsOf(p.settings),
    ...actor.flags,
  };
}
