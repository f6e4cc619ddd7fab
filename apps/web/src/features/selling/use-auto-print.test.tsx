// @vitest-environment happy-dom
import type { SaleReceipt } from '@portal/contract/selling';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, settingsStore } from '../../lib/settings.ts';
import type { PurchaseOutcome } from './purchase.ts';
import { useAutoPrint } from './use-auto-print.ts';

const outcome = (receipts: number): PurchaseOutcome => ({
  receipts: Array.from({ length: receipts }, (_, i) => ({ sale_id: i + 1 }) as SaleReceipt),
  download: null,
  bought: receipts,
  error: null,
  unresolved: null,
});

describe('useAutoPrint', () => {
  let print: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    print = vi.fn();
    vi.stubGlobal('print', print);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    settingsStore.set(DEFAULT_SETTINGS);
  });

  const printed = (props: { outcome: PurchaseOutcome | null; target: object }[]) => {
    const hook = renderHook((p: (typeof props)[number]) => useAutoPrint(p.outcome, p.target), {
      initialProps: props[0]!,
    });
    for (const p of props.slice(1)) hook.rerender(p);
    vi.advanceTimersByTime(100);
    return print.mock.calls.length;
  };

  it('opens the print dialog once per purchase with receipts, when the user asked for it', () => {
    settingsStore.set({ ...DEFAULT_SETTINGS, show_print_popup: 1 });
    const target = {};
    const bought = outcome(1);
    expect(
      printed([
        { outcome: null, target },
        { outcome: bought, target },
        { outcome: outcome(1), target },
      ]),
    ).toBe(1);
  });

  it('opens it again for the next denomination bought', () => {
    settingsStore.set({ ...DEFAULT_SETTINGS, show_print_popup: 1 });
    const [first, second] = [{}, {}];
    expect(
      printed([
        { outcome: outcome(1), target: first },
        { outcome: null, target: second },
        { outcome: outcome(2), target: second },
      ]),
    ).toBe(2);
  });

  it('prints nothing by itself when the user did not ask for it', () => {
    settingsStore.set({ ...DEFAULT_SETTINGS, show_print_popup: 0 });
    expect(printed([{ outcome: outcome(1), target: {} }])).toBe(0);
  });

  it('prints nothing by itself for a purchase without receipts (a refusal, a download)', () => {
    settingsStore.set({ ...DEFAULT_SETTINGS, show_print_popup: 1 });
    expect(printed([{ outcome: outcome(0), target: {} }])).toBe(0);
  });
});
