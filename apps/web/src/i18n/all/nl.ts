import { assemble } from '../domains.ts';
import { nl as shell } from '../shell/nl.ts';

/** Every text of the app in this language: the shell's and every domain folder's (i18n/domains.ts). */
export const nl = assemble(
  shell,
  import.meta.glob(['../*/nl.ts', '!../{all,shell,legal}/*'], { eager: true, import: 'texts' }),
);
