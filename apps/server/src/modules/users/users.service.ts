import type { UserInfo, UserSettings } from '@portal/contract/auth';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/errors.ts';
import { settingsOf, userInfoOf } from './users.mapper.ts';
import type { UsersRepository } from './users.repository.ts';

export function createUsersService(deps: { repo: UsersRepository }) {
  const { repo } = deps;

  async function getUserInfo(actor: Actor): Promise<UserInfo> {
    const p = await repo.findProfile(actor.userId);
    if (!p) throw notFound('User');
    return userInfoOf(actor, p);
  }

  async function updateSettings(actor: Actor, settings: Partial<UserSettings>): Promise<UserSettings> {
    return settingsOf(await repo.mergeSettings(actor.userId, settings));
  }

  return { getUserInfo, updateSettings };
}
export type UsersService = ReturnType<typeof createUsersService>;
