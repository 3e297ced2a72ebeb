import { deleteExpiredSessions } from "../auth/delete-expired-sessions";
import { pruneRateLimits } from "../auth/rate-limit";
import { refreshSalePrices } from "../catalog/refresh-sale-prices";
import { cancelAbandonedCheckouts, sweepExpiredReservations } from "../checkout/sweep-reservations";
import { sweepUnattachedUploads } from "../media/sweep-unattached-uploads";
import type { Services } from "../services";
import { sweepStockAlerts } from "../stock-alerts/sweep-stock-alerts";
import { createJobScheduler, type Job, type JobScheduler } from "./scheduler";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

type JobServices = Pick<Services, "db" | "storage" | "mailQueue" | "payments" | "config" | "log" | "metrics">;

/**
 * The store's background upkeep (docs/OPERATIONS.md#background-jobs). Stock held by an expired
 * reservation goes back within about a minute; the rest clears rows whose time ended a day or more
 * ago, so once an hour is plenty. Another worker (e-mail delivery) joins by adding its Job here.
 */
export function storeJobs(services: JobServices): Job[] {
  const { db } = services;
  return [
    {
      name: "release-expired-reservations",
      intervalMs: MINUTE,
      run: async () => sweepExpiredReservations({ services }),
    },
    {
      name: "cancel-abandoned-checkouts",
      intervalMs: MINUTE,
      run: async () => ({ cancelled: await cancelAbandonedCheckouts({ db }) }),
    },
    {
      // a sale window that opened or closed: the price sort and filters and the page cache follow
      name: "refresh-sale-prices",
      intervalMs: MINUTE,
      run: () => refreshSalePrices({ db }),
    },
    {
      name: "prune-rate-limits",
      intervalMs: HOUR,
      run: async () => ({ pruned: await pruneRateLimits({ db }) }),
    },
    {
      name: "delete-expired-sessions",
      intervalMs: HOUR,
      run: () => deleteExpiredSessions({ db }),
    },
    {
      name: "sweep-stock-alerts",
      intervalMs: HOUR,
      run: () => sweepStockAlerts({ db }),
    },
    {
      name: "sweep-unattached-uploads",
      intervalMs: HOUR,
      run: async () => sweepUnattachedUploads({ db, storage: services.storage, log: services.log }),
    },
  ];
}

/** Starts the store's jobs in this process; each runs once per interval across all processes. */
export function startBackgroundJobs(options: { services: JobServices }): JobScheduler {
  const { services } = options;
  const scheduler = createJobScheduler({
    db: services.db,
    log: services.log,
    jobs: storeJobs(services),
    metrics: services.metrics,
  });
  scheduler.start();
  return scheduler;
}
