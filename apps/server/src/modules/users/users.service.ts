import type { UserInfo, UserSettings } from '@portal/contract/auth';
import { DEFAULT_SETTINGS } from '@portal/contract/settings';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/errors.ts';
import type { UsersRepository } from './users.repository.ts';

export function createUsersService(deps: { repo: UsersRepository }) {
  const { repo } = deps;

  /** Every field of spec section 3 "User info"; the client refetches it as the user-details call. */
  async function getUserInfo(actor: Actor): Promise<UserInfo> {
    const p = await repo.findProfile(actor.userId);
    if (!p) throw notFound('User');
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
      is_manager: actor.internal_role === 0 ? 1 : 0,
      enable_web_view: actor.enable_web_view,
      flag: p.isActive ? 1 : 0,
      contact_details: { support_info: { email: p.supportEmail, phone: p.supportPhone, text: p.supportText } },
      ...DEFAULT_SETTINGS,
      ...(p.settings as Partial<UserSettings>),
      ...actor.flags,
    };
  }

  async function updateSettings(actor: Actor, settings: Partial<UserSettings>): Promise<UserSettings> {
    const stored = await repo.mergeSettings(actor.userId, settings);
    return { ...DEFAULT_SETTINGS, ...(stored as Partial<UserSettings>) };
  }

  return { getUserInfo, updateSettings };
}
export type UsersService = ReturnType<typeof createUsersService>;
