import { sql, type Kysely } from 'kysely';

/**
 * Runs DDL one statement at a time (drivers prepare one statement at a time). The DDL of our migrations has no `;`
 * inside a statement; `--` comments are dropped.
 */
export async function runStatements(db: Kysely<unknown>, ddl: string): Promise<void> {
  const statements = ddl
    .split(/;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
