/**
 * Settles when `work` settles (fulfilled or rejected: the caller learns nothing of it) or after `ms`, whichever
 * comes first, so a wait for something helpful never turns into a wait for something stuck.
 */
export async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([work.catch(() => undefined), waited]);
  clearTimeout(timer);
}
