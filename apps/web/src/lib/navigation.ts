import type { ComponentType } from 'react';
import { createContext, useContext } from 'react';
import type { Messages } from '../i18n/domains.ts';

export type ScreenTitleKey = `screen.${keyof Messages['screen']}`;

export interface NavItem {
  path: string;
  title: ScreenTitleKey;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
}

/** The screens the signed-in user (or visitor) may open from the menu; the app layer builds it from the route table. */
export const NavItems = createContext<readonly NavItem[]>([]);

export function useNavItems(): readonly NavItem[] {
  return useContext(NavItems);
}
