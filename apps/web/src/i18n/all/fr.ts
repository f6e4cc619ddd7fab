import { assemble } from '../domains.ts';
import { fr as shell } from '../shell/fr.ts';

/** Every text of the app in this language: the shell's and every domain folder's (i18n/domains.ts). */
export const fr = assemble(
  shell,
  import.meta.glob(['../*/fr.ts', '!../{all,shell,legal}/*'], { eager: true, import: 'texts' }),
);
