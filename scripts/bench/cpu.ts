import { readFile } from "node:fs/promises";
import pg from "pg";

/** USER_HZ: the unit of the CPU times in /proc/<pid>/stat (100 on every common Linux build). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in milliseconds; null without /proc. */
export async function processCpuMs(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  if (!stat) return null;
  // the command name (field 2) may contain spaces; the fields after it are plain numbers
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  return ((user + system) * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU time of the PostgreSQL backends serving one database. Sampled before and after a load run,
 * the difference is the database's share of the work (backends that start during the run count
 * from zero; one that ends during the run would be missed, which a busy pool does not do).
 */
export async function postgresBackendsCpuMs(
  adminUrl: string,
  database: string,
): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [database],
    );
    const times = new Map<number, number>();
    for (const { pid } of result.rows) {
      const ms = await processCpuMs(pid);
      if (ms !== null) times.set(pid, ms);
    }
    return times;
  } finally {
    await client.end();
  }
}

export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
