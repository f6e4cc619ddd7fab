import { describe, expect, it } from 'vitest';
import { NO_CHOICE, searchSelectData } from './search-select.tsx';

const kiosk = (id: number, detail: string | null = null) => ({ id, name: `Kiosk ${id}`, detail });

describe('searchSelectData', () => {
  it('offers "all" first while the user is not typing, then the choices found with what tells them apart', () => {
    expect(
      searchSelectData({
        found: [kiosk(1, 'Demo Reseller GmbH'), kiosk(2)],
        selected: null,
        value: '',
        typing: false,
        none: 'Shop: alle',
      }),
    ).toEqual([
      { value: NO_CHOICE, label: 'Shop: alle' },
      { value: '1', label: 'Kiosk 1 (Demo Reseller GmbH)' },
      { value: '2', label: 'Kiosk 2' },
    ]);
  });

  it('keeps the chosen value among the choices, named by its own look-up after a reload', () => {
    const data = searchSelectData({ found: [kiosk(1)], selected: kiosk(137), value: '137', typing: true, none: 'x' });
    expect(data).toEqual([
      { value: '137', label: 'Kiosk 137' },
      { value: '1', label: 'Kiosk 1' },
    ]);
    // Not found twice when the search found it as well.
    expect(
      searchSelectData({ found: [kiosk(137)], selected: kiosk(137), value: '137', typing: true, none: 'x' }),
    ).toHaveLength(1);
  });

  it('names a chosen value outside the caller’s scope (or not yet looked up) by its number', () => {
    expect(searchSelectData({ found: [], selected: null, value: '99', typing: true, none: 'x' })).toEqual([
      { value: '99', label: '#99' },
    ]);
  });

  it('offers nothing while typing a text that found nothing, so the empty state shows', () => {
    expect(searchSelectData({ found: [], selected: undefined, value: '', typing: true, none: 'x' })).toEqual([]);
  });
});
