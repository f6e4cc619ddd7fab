import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import classes from './print.module.css';

/** Content rendered a second time under <body> for printing only (see print.module.css). */
export function PrintArea({ children }: { children: ReactNode }) {
  return createPortal(
    <div className={classes.printArea} data-testid="print-area">
      {children}
    </div>,
    document.body,
  );
}
