/**
 * Work that an account request starts and does not wait for (its e-mails: answering at once keeps
 * the reset form as fast for unknown addresses as for known ones), and the mail queue's delivery
 * passes. Kept track of, so that a test can wait for all of it to be done, and then check what
 * happened, instead of sleeping.
 */
export function createBackgroundWork() {
  const pending = new Set<Promise<void>>();
  return {
    /** Whoever started `work` handles its errors; here it only counts as finished. */
    track(work: Promise<unknown>): void {
      const done = work.then(
        () => undefined,
        () => undefined,
      );
      pending.add(done);
      void done.then(() => pending.delete(done));
    },
    /** Resolves once everything tracked so far, and anything it started meanwhile, has finished. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

export type BackgroundWork = ReturnType<typeof createBackgroundWork>;
