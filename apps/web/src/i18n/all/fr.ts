import { assemble } from '../domains.ts';
import { fr as shell } from '../locales/fr.ts';

/** Every text of the app in this language: the shell's and every domain folder's (i18n/domains.ts). */
export const fr = assemble(
  shell,
  import.meta.glob(['../*/fr.ts', '!../{all,locales,legal}/*'], { eager: true, import: 'texts' }),
);
