import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A simulator's records kept in one JSON file of the data folder (never in the portal's schema: a production
 * database carries no simulator tables), so a simulator started again after a kill -9 of the portal still knows
 * every transaction it accepted and brings each to its final status. The file is written whole after each change
 * and renamed into place, so a crash leaves the old or the new copy, never half of one. Without a file: memory only.
 */
export function createSimulatorStore<T>(
  file: string | undefined,
  firstId: number,
  keep: (item: T) => boolean = () => true,
) {
  let state: { nextId: number; items: T[] } = { nextId: firstId, items: [] };
  if (file) {
    try {
      state = JSON.parse(readFileSync(file, 'utf8')) as typeof state;
      // What the portal can no longer ask about (days old) is dropped, so the file does not grow without end.
      state.items = state.items.filter(keep);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      mkdirSync(dirname(file), { recursive: true });
    }
  }
  return {
    items: state.items,
    nextId: () => state.nextId++,
    save(items: T[]) {
      if (!file) return;
      state = { nextId: state.nextId, items };
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(state));
      renameSync(tmp, file);
    },
  };
}
