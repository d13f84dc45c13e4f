// What `npm run migrate-to-postgres` tells the operator: a refusal is one line, and says what to do.
export const MIGRATE_TO_POSTGRES = {
  noUrl:
    "Set DATABASE_URL to the PostgreSQL database to copy the console into, for example postgres://console:password@db.example.com:5432/console.",
  notPostgres:
    "DATABASE_URL must be a postgres:// or postgresql:// URL: the console is copied into PostgreSQL only.",
  noDatabase: (file: string) =>
    `There is no console database at ${file}: is DATA_DIR the console's data directory?`,
  outdated: (file: string) =>
    `The console database at ${file} was last used by an older version of the console: start this version once (it brings the database up to date), stop it, and run the copy again.`,
  notEmpty: (tables: string[]) =>
    `The PostgreSQL database already holds console data (in ${
      tables.length > 3
        ? `${tables.slice(0, 3).join(", ")} and ${tables.length - 3} more tables`
        : tables.join(", ")
    }): copy only into an empty database. Nothing was copied.`,
  failed: (table: string, reason: string) =>
    `Copying ${table} failed: ${reason}. Nothing was kept in PostgreSQL.`,
  unexpected: (reason: string) => `The copy failed: ${reason}. Nothing was kept in PostgreSQL.`,
  header: { table: "table", source: "SQLite", target: "PostgreSQL" },
  differs: "differs",
  countsDiffer: "The row counts differ: nothing was kept in PostgreSQL.",
  done: (rows: number, tables: number, file: string, url: string, seconds: string) =>
    `Copied ${rows} rows of ${tables} tables from ${file} into ${url} in ${seconds} s. The media files stay in DATA_DIR/media: every node needs that same folder.`,
} as const;
