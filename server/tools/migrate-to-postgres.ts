import { join } from "node:path";
import { dialectOf } from "@server/platform/db/dialect";
import { DatabaseUnreachableError, withoutPassword } from "@server/platform/db/prepare-postgres";
import {
  CopyRefusal,
  CountsDifferError,
  copyConsoleToPostgres,
  reasonOf,
} from "@server/platform/db/to-postgres/copy-console";
import { countLines } from "@server/platform/db/to-postgres/count-report";
import { loadEnv } from "@server/platform/env";
import { MIGRATE_TO_POSTGRES as M } from "@shared/messages/migrate-to-postgres";

/**
 * `npm run migrate-to-postgres`: copies the SQLite console in DATA_DIR into the empty PostgreSQL
 * database DATABASE_URL names, both read from the environment as the server reads them. Prints each
 * table's counts on both sides and a last line; a refusal or a failure is one line, and exits 1.
 */
export async function main(
  source: Record<string, string | undefined> = process.env,
  print: (line: string) => void = console.log,
  printError: (line: string) => void = console.error,
): Promise<number> {
  const url = source.DATABASE_URL?.trim();
  if (!url) return fail(printError, M.noUrl);
  if (dialectOf(url) !== "postgres") return fail(printError, M.notPostgres);
  let dataDir: string;
  try {
    dataDir = loadEnv(source).DATA_DIR;
  } catch (error) {
    // loadEnv lists every wrong setting on its own line; the command answers in one.
    return fail(printError, (error as Error).message.replace(/\n\s*/g, " "));
  }
  const file = join(dataDir, "console.db");
  try {
    const { counts, ms } = await copyConsoleToPostgres({ sqliteFile: file, databaseUrl: url });
    for (const line of countLines(counts)) print(line);
    const rows = counts.reduce((sum, c) => sum + c.target, 0);
    print(M.done(rows, counts.length, file, withoutPassword(url), (ms / 1000).toFixed(1)));
    return 0;
  } catch (error) {
    if (error instanceof CountsDifferError) {
      for (const line of countLines(error.counts)) print(line);
      return fail(printError, M.countsDiffer);
    }
    return fail(printError, knownLine(error) ?? M.unexpected(reasonOf(error)));
  }
}

/** A refusal or an unreachable database already reads as one finished line. */
function knownLine(error: unknown): string | null {
  return error instanceof CopyRefusal || error instanceof DatabaseUnreachableError ? error.message : null;
}

function fail(printError: (line: string) => void, line: string): number {
  printError(line);
  return 1;
}

if (import.meta.main) process.exit(await main());
