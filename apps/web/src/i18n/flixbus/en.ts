import type { flixbusDe, flixbusErrorCodesDe, flixbusScreensDe, texts as german } from './de.ts';

export const flixbusErrorCodesEn: typeof flixbusErrorCodesDe = {
  trip_fully_booked: 'This trip is fully booked.',
  ebike_not_allowed: 'E-bikes are not allowed on this trip.',
  invalid_voucher: 'This voucher is not valid.',
  booking_not_open: 'This booking is already paid or cancelled and cannot be changed any more.',
  reservation_expired: 'The reservation has expired. Please search for the trip again.',
  passengers_missing: 'Please enter every passenger before paying.',
  ticket_not_ready: 'The ticket is available once the booking is final.',
};

export const flixbusScreensEn: typeof flixbusScreensDe = {
  flixbus: 'Bus tickets',
};

export const flixbusEn: typeof flixbusDe = {
  description:
    'Sell long-distance bus tickets: choose origin, destination and date, book the trip and seats, enter the passengers, pay, print the ticket.',
  from: 'From',
  to: 'To',
  date: 'Date',
  seats: 'Seats',
  ebikes: 'E-bikes',
  search: 'Search trips',
  sameCity: 'Origin and destination must differ.',
  noTrips: 'There are no trips on this day.',
  trips: 'Trips',
  line: 'Line',
  seatsLeft: '{{count}} seats left',
  perSeat: 'per seat',
  ebikeAllowed: 'E-bikes allowed',
  ebikeNotAllowed: 'No e-bikes',
  choose: 'Choose',
  heldUntil: 'Seats held until {{time}}',
  passengers: 'Passengers',
  passenger: 'Passenger {{n}}',
  firstName: 'First name',
  lastName: 'Last name',
  contactPhone: 'Contact phone',
  contactPhoneHint: 'e.g. 0176 1234 5678 or +43 …',
  invalidPhone: 'Not a valid phone number.',
  savePassengers: 'Continue to payment',
  voucher: 'Voucher',
  applyVoucher: 'Redeem',
  summary: 'Your booking',
  total: 'Fare',
  yourPrice: 'Your price',
  pay: 'Pay',
  cancel: 'Cancel booking',
  cancelled: 'The booking was cancelled; nothing was charged.',
  outcome: {
    pending: 'The payment is being confirmed …',
    successful: 'The booking is confirmed.',
    failed: 'The booking failed; the amount was credited back.',
    refunded: 'The booking was refunded.',
  },
  ticketCode: 'Ticket code',
  download: 'Download ticket (PDF)',
  again: 'New booking',
};

export const texts: typeof german = {
  screen: flixbusScreensEn,
  errors: { codes: flixbusErrorCodesEn },
  flixbus: flixbusEn,
};
