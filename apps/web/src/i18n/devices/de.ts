/** Refusals of the device calls, by their error code. */
export const devicesErrorCodesDe = {
  terminal_limit_reached: 'Der Shop hat bereits so viele Geräte, wie sein Terminal-Limit ({{terminal_limit}}) erlaubt.',
  serial_taken: 'Ein Gerät mit der Seriennummer {{serial_no}} ist bereits registriert.',
};
