/**
 * Answers to calls the HTML's boot script started before the app's code arrived (`app/first-calls.ts`,
 * `build/first-screen.ts`), keyed as `callKey` writes them. Each is taken once, and only while the first screen
 * loads: after that a call asks the server again, so no answer outlives the moment it was asked for.
 */
export const EARLY_ANSWERS_FOR_MS = 30_000;

declare global {
  // Set by the boot script; the promise answers null when the request failed.
  var __portalEarly: Map<string, Promise<Response | null>> | undefined;
  // Set by the app as it starts: a boot script that runs later asks for nothing (its answers would go unused).
  var __portalStarted: boolean | undefined;
}

/** The key of a call; the boot script builds the same string. */
export const callKey = (method: string, path: string, body: string | undefined) => `${method} ${path} ${body ?? ''}`;

/** The boot script's answer to this call, if it asked and the first screen is still loading; taken only once. */
export function takeEarlyAnswer(method: string, path: string, body: string | undefined, now = performance.now()) {
  const early = globalThis.__portalEarly;
  if (!early) return undefined;
  if (now > EARLY_ANSWERS_FOR_MS) {
    globalThis.__portalEarly = undefined;
    return undefined;
  }
  const key = callKey(method, path, body);
  const answer = early.get(key);
  early.delete(key);
  return answer;
}
