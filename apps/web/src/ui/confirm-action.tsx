import { lazy, type ReactNode, Suspense } from 'react';
import { createStore, useStore } from '../lib/store.ts';
import type { UndoAction } from './done-toast.tsx';

/**
 * An action that moves money, signs people out or deletes (issue 40, "Safe actions"): it asks first, with its
 * consequence in words, and then confirms with a toast that offers undo where the action allows it.
 */
/** The toast after a confirmed action. */
export interface DoneToast {
  message: string;
  undo?: UndoAction;
}

export interface ConfirmRequest<R = unknown> {
  title: string;
  /** The consequence in words: whom or what the action touches and what it does to them. */
  consequence: ReactNode;
  /** The confirm button's text, the action's own name ("Deaktivieren", "Gutschrift ausstellen"): never "OK". */
  confirmLabel: string;
  /** Irreversible or money-moving: a red button, and the focus starts on Cancel so Enter does not act. */
  danger?: boolean;
  /** The action. The dialog waits for it, shows its refusal and stays open; it closes when the action succeeded. */
  run: () => Promise<R>;
  /**
   * The toast after success. `undo` only where the action allows it (unblock after block, re-add a favourite);
   * never for documents or ledger entries, which are corrected by new ones. A function of the action's answer where
   * only the answer tells what happened (a multi top-up: how many bookings passed).
   */
  done: DoneToast | ((result: R) => DoneToast);
}

const asked = createStore<{ request: ConfirmRequest; seq: number } | null>(null);
let seq = 0;

/** Opens the confirmation; one at a time (a second request replaces an open one). */
export function askToConfirm<R>(request: ConfirmRequest<R>): void {
  seq += 1;
  asked.set({ request: request as unknown as ConfirmRequest, seq });
}

/** Closes the open confirmation without acting (Cancel, Escape, a click outside). */
export function dismissConfirmation(): void {
  asked.set(null);
}

// The dialog's code comes with the first confirmation: most visits (a counter's day of sales) never ask one.
const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

/** Mounted once beside the notifications (app/providers.tsx): renders the confirmation that is asked. */
export function ConfirmHost() {
  const current = useStore(asked);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog key={current.seq} request={current.request} onClose={dismissConfirmation} />
    </Suspense>
  );
}
