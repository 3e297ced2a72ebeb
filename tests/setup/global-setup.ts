import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client";
import { prepareDatabase } from "../../server/prepare-database";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one template database per run; every test file then starts from a copy of it:
 * a PGlite data-directory dump, or `CREATE DATABASE ... TEMPLATE` on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const templateName = `nocturn_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    const templateUrl = new URL(postgresUrl);
    templateUrl.pathname = `/${templateName}`;
    const template = await openDatabase({ url: templateUrl.href });
    await prepareDatabase(template);
    await template.close();
    project.provide("postgresTemplate", templateName);
    project.provide("pgliteTemplate", "");
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`nocturn_test_${process.pid}_%`],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    };
  }

  const handle = await openDatabase({});
  await prepareDatabase(handle);
  const dump = await handle.pglite!.dumpDataDir("none");
  const file = path.resolve(".tmp", `pglite-template-${process.pid}.tar`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteTemplate", file);
  project.provide("postgresTemplate", null);
}
