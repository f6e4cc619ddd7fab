import type { FlixbusTrip } from '@portal/contract/flixbus';

/** The trips a search found, with the seats and e-bikes it asked for. */
export interface Found {
  trips: FlixbusTrip[];
  seats: number;
  ebikes: number;
}
