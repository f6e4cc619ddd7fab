import { describe, expect, it } from 'vitest';
import { bookingState, cancellable, type FlixbusBooking, phoneE164 } from './flixbus.queries.ts';

describe('the booking’s contact phone', () => {
  it('reads German numbers as dialled and foreign ones with their country code, in E.164', () => {
    expect(phoneE164('0176 1234 5678')).toBe('+4917612345678');
    expect(phoneE164('+49 30 123456')).toBe('+4930123456');
    expect(phoneE164('+43 664 1234567')).toBe('+436641234567');
  });

  it('refuses what is no phone number', () => {
    expect(phoneE164('123')).toBeNull();
    expect(phoneE164('')).toBeNull();
    expect(phoneE164('Erika')).toBeNull();
  });
});

describe('where a booking stands in the list', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  const booking = (b: Partial<FlixbusBooking>) =>
    ({ status: 'reserved', expires_at: '2026-11-26T10:15:00Z', sale: null, ...b }) as FlixbusBooking;
  const sale = (status: string) => ({ status }) as FlixbusBooking['sale'];

  it('is the booking’s own status before payment, a lapsed hold expired, and the sale’s after it', () => {
    expect(bookingState(booking({}), now)).toBe('reserved');
    expect(bookingState(booking({ expires_at: '2026-11-26T09:59:59Z' }), now)).toBe('expired');
    expect(bookingState(booking({ status: 'cancelled' }), now)).toBe('cancelled');
    expect(bookingState(booking({ status: 'paid', sale: sale('refunded') }), now)).toBe('refunded');
    expect(bookingState(booking({ status: 'paid', sale: sale('successful') }), now)).toBe('successful');
    // The booking's own final status (decision 0103), whatever the sale it carries.
    expect(bookingState(booking({ status: 'refunded', sale: sale('refunded') }), now)).toBe('refunded');
    expect(bookingState(booking({ status: 'failed', sale: sale('failed') }), now)).toBe('failed');
  });

  it('may be cancelled while held or once confirmed, never pending, failed, refunded or expired', () => {
    expect(cancellable('reserved')).toBe(true);
    expect(cancellable('successful')).toBe(true);
    for (const s of ['expired', 'cancelled', 'pending', 'failed', 'refunded'] as const)
      expect(cancellable(s)).toBe(false);
  });
});
