import { assemble } from '../domains.ts';
import { en as shell } from '../shell/en.ts';

/** Every text of the app in this language: the shell's and every domain folder's (i18n/domains.ts). */
export const en = assemble(
  shell,
  import.meta.glob(['../*/en.ts', '!../{all,shell,legal}/*'], { eager: true, import: 'texts' }),
);
