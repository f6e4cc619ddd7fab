import { RULES, type Rule } from '../rules.ts';
export const flixbusScreens = {
  '/flixbus': RULES.flixbus,
} as const satisfies Record<string, Rule>;
