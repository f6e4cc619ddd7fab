/**
 * The simulator's network: six cities, every pair connected every day by three departures, each with numbered seats
 * (1 to its capacity):
 *
 *   07:30  line FLX 010   40 seats   e-bikes allowed
 *   12:15  line FLX 020    3 seats   e-bikes allowed   (runs out: the fourth seat is refused as fully booked)
 *   18:45  line N 030     40 seats   no e-bikes        (an e-bike is refused)
 *
 * The price per seat is 9.99 € + 5 € per step between the cities' ids, an e-bike 9.00 €.
 */

export interface SimCity {
  id: number;
  name: string;
  country: string;
}

export const SIM_CITIES: SimCity[] = [
  { id: 1, name: 'Berlin', country: 'DE' },
  { id: 2, name: 'München', country: 'DE' },
  { id: 3, name: 'Hamburg', country: 'DE' },
  { id: 4, name: 'Köln', country: 'DE' },
  { id: 5, name: 'Frankfurt am Main', country: 'DE' },
  { id: 6, name: 'Leipzig', country: 'DE' },
];

export const DEPARTURES = [
  { time: '07:30', line: 'FLX 010', seats: 40, ebikes: true },
  { time: '12:15', line: 'FLX 020', seats: 3, ebikes: true },
  { time: '18:45', line: 'N 030', seats: 40, ebikes: false },
];

export interface SimTrip {
  uid: string;
  from: SimCity;
  to: SimCity;
  departure: string;
  arrival: string;
  line: string;
  /** Its seats are numbered 1 to `capacity`. */
  capacity: number;
  pricePerSeat: number;
  ebikes: boolean;
}

export const cents = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

/** The trip under a uid `<from>-<to>-<yyyy-mm-dd>-<hhmm>`, or null when there is none. */
export function tripOf(uid: string): SimTrip | null {
  const m = /^([0-9]+)-([0-9]+)-([0-9]{4}-[0-9]{2}-[0-9]{2})-([0-9]{4})$/.exec(uid);
  if (!m) return null;
  const from = SIM_CITIES.find((c) => c.id === Number(m[1]));
  const to = SIM_CITIES.find((c) => c.id === Number(m[2]));
  const d = DEPARTURES.find((x) => x.time.replace(':', '') === m[4]);
  if (!from || !to || from === to || !d || Number.isNaN(Date.parse(`${m[3]}T00:00:00Z`))) return null;
  const steps = Math.abs(from.id - to.id);
  const departure = new Date(`${m[3]}T${d.time}:00+01:00`);
  const arrival = new Date(departure.getTime() + (2 + steps) * 3_600_000);
  return {
    uid,
    from,
    to,
    departure: departure.toISOString(),
    arrival: arrival.toISOString(),
    line: d.line,
    capacity: d.seats,
    pricePerSeat: 9.99 + 5 * steps,
    ebikes: d.ebikes,
  };
}

/** The day's departures between two cities. */
export function tripsOn(from: string | null, to: string | null, date: string): SimTrip[] {
  return DEPARTURES.map((d) => tripOf(`${from}-${to}-${date}-${d.time.replace(':', '')}`)).filter(
    (t): t is SimTrip => t !== null,
  );
}

export const cityJson = (c: SimCity) => ({ id: c.id, name: c.name, country: c.country });
