import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect, migrateDb } from '../src/db/connect.ts';
import { letPostgresReachItsBinaries } from '../src/db/embedded.ts';
import { initCluster, startPostgres } from '../src/db/postgres-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One embedded PostgreSQL for the whole run, with a migrated template database; every test file
 * clones it into a fresh database of its own (CREATE DATABASE … TEMPLATE is a file copy, fast).
 */
export default async function setup(project: TestProject) {
  letPostgresReachItsBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-pg-'));
  const port = 55000 + Math.floor(Math.random() * 5000);
  await initCluster(dir, () => {});
  const server = await startPostgres(
    dir,
    port,
    ['-c', 'max_connections=400', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
    () => {},
  );
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${port}`;
  const template = 'portal_template';
  const admin = new pg.Client({ connectionString: `${adminUrl}/postgres` });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const db = connect(`${adminUrl}/${template}`, 2);
  await migrateDb(db);
  await db.$client.end();
  await admin.query(`alter database ${template} with is_template true`);
  await admin.end();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
