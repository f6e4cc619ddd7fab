import type { ShellMessages } from './shell/de.ts';

/**
 * Every text of the app: the shell's (sign-in, errors, menu groups; `shell/`) and each domain's. A domain's folder
 * `i18n/<domain>/<lang>.ts` exports `texts`, its part of the whole in its place: one key for its screens' texts and
 * its entries in the shared `screen`, `menu` and `errors.codes` lists. The list below names each domain once and
 * gives the texts their type (German is the reference); `all/<lang>.ts` assembles a language's texts from the
 * domain folders, so a new domain adds its folder and one line here. The sign-in page loads only the shell's texts;
 * these come with the first screen that needs them (i18n/index.ts).
 */
export type Messages = ShellMessages &
  typeof import('./alerts/de.ts').texts &
  typeof import('./assignments/de.ts').texts &
  typeof import('./audit/de.ts').texts &
  typeof import('./banking/de.ts').texts &
  typeof import('./books/de.ts').texts &
  typeof import('./credit/de.ts').texts &
  typeof import('./customers/de.ts').texts &
  typeof import('./dashboard/de.ts').texts &
  typeof import('./datev/de.ts').texts &
  typeof import('./devices/de.ts').texts &
  typeof import('./direct-recharge/de.ts').texts &
  typeof import('./dynamic-products/de.ts').texts &
  typeof import('./flixbus/de.ts').texts &
  typeof import('./hardware/de.ts').texts &
  typeof import('./inventory/de.ts').texts &
  typeof import('./invoices/de.ts').texts &
  typeof import('./login-requests/de.ts').texts &
  typeof import('./partner/de.ts').texts &
  typeof import('./products/de.ts').texts &
  typeof import('./provider-discounts/de.ts').texts &
  typeof import('./reclamations/de.ts').texts &
  typeof import('./reports/de.ts').texts &
  typeof import('./safe-actions/de.ts').texts &
  typeof import('./search/de.ts').texts &
  typeof import('./selling/de.ts').texts &
  typeof import('./staff/de.ts').texts &
  typeof import('./stock-reports/de.ts').texts &
  typeof import('./suppliers/de.ts').texts &
  typeof import('./topup/de.ts').texts;

type Tree = { [key: string]: string | Tree };

function mergeInto(target: Tree, part: Tree, path: string): void {
  for (const [key, value] of Object.entries(part)) {
    const at = path ? `${path}.${key}` : key;
    const present = target[key];
    if (typeof value === 'string' || typeof present === 'string') {
      // Two domains naming the same text would hide one of them depending on the folders' order.
      if (present !== undefined) throw new Error(`i18n: ${at} is defined twice`);
      target[key] = value;
    } else {
      target[key] = present ?? {};
      mergeInto(target[key] as Tree, value, at);
    }
  }
}

/** One language's texts: its shell's, with every domain's part (by file, `import.meta.glob`) put in its place. */
export function assemble(shell: ShellMessages, domains: Record<string, unknown>): Messages {
  const all: Tree = structuredClone(shell);
  for (const part of Object.values(domains)) mergeInto(all, part as Tree, '');
  return all as Messages;
}
