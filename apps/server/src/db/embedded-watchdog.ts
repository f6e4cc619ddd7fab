/**
 * Started detached next to the embedded PostgreSQL: when the portal process is gone without its
 * shutdown (kill -9, out of memory), this stops the database (fast shutdown) so that a supervisor's
 * restart finds the port and the data folder free. It ends by itself once the database has stopped.
 *
 * Arguments: the portal's pid, the postmaster's pid.
 */
const [portalPid, postmasterPid] = process.argv.slice(2).map(Number);
if (portalPid === undefined || postmasterPid === undefined)
  throw new Error('usage: embedded-watchdog <portal pid> <postmaster pid>');
const POLL_MS = 500;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let stopping = false;
setInterval(() => {
  if (!alive(postmasterPid)) process.exit(0);
  if (!stopping && !alive(portalPid)) {
    stopping = true;
    process.kill(postmasterPid, 'SIGINT');
  }
}, POLL_MS);
