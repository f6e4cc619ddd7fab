/**
 * Debian's Chromium as the browser tests and the web benches start it: headless, and without the background
 * connections that this machine's closed network refuses.
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};
