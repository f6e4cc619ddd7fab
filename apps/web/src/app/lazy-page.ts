import { LIMITS } from '@portal/contract/limits';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A script chunk that still failed after retrying for LIMITS.chunkLoadTimeoutMs (spec section 8). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('ChunkLoadError', { cause });
    this.name = 'ChunkLoadError';
  }
}

export interface RetryOptions {
  timeoutMs?: number;
  now?: () => number;
  /** Resolves after ms, or at once when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

const TIMED_OUT = Symbol('timed out');

/**
 * Loads a chunk, retrying with growing pauses (a deploy or a flaky network) until the time-out; a request that hangs
 * is cut off at the same time-out, so the user always ends up with either the page or an error to act on.
 */
export async function loadWithRetry<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { timeoutMs = LIMITS.chunkLoadTimeoutMs, now = Date.now, sleep = wait } = options;
  const started = now();
  let pause = 500;
  let lastError: unknown = new Error('timeout');
  for (;;) {
    const remaining = timeoutMs - (now() - started);
    if (remaining <= 0) throw new ChunkLoadError(lastError);
    const attempt = new AbortController();
    const timedOut = sleep(remaining, attempt.signal).then(() => TIMED_OUT);
    try {
      const result = await Promise.race([load(), timedOut]);
      if (result === TIMED_OUT) throw new ChunkLoadError(lastError);
      return result as T;
    } catch (error) {
      if (error instanceof ChunkLoadError) throw error;
      lastError = error;
    } finally {
      attempt.abort();
    }
    await sleep(Math.min(pause, Math.max(0, timeoutMs - (now() - started))));
    pause = Math.min(pause * 2, 8_000);
  }
}

/** A lazily rendered component whose code can start loading before it renders. */
export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the code; settles once it is here or has failed (rendering shows the failure). */
  preload(): Promise<void>;
};

type Loaded<P> = { default: ComponentType<P> };

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loading: Promise<Loaded<P>> | undefined;
  let loaded: Loaded<P> | undefined;
  const start = () => {
    loading ??= loadWithRetry(load).then((component) => {
      loaded = { default: component };
      return loaded;
    });
    return loading;
  };
  // Code that is already here is handed to React at once: from a promise, even a settled one, React only learns it
  // a microtask later, so a first load whose screen was preloaded still suspended, committed the fallback and rendered
  // the whole screen again in a later task.
  const now = () => {
    const module = loaded;
    // biome-ignore lint/suspicious/noThenProperty: React takes a thenable, and this one answers at once.
    return module ? { then: (onLoaded: (m: Loaded<P>) => void) => onLoaded(module) } : start();
  };
  return Object.assign(lazy(now as unknown as () => Promise<Loaded<P>>), {
    // A failed preload is not reported here: rendering awaits the same promise and shows the error.
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
