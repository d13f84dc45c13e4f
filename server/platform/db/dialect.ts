/**
 * Which database this process runs on, fixed when it starts: PostgreSQL when DATABASE_URL names one,
 * the embedded SQLite file otherwise. It is read once, before any table is imported, because the
 * table objects the services use are chosen by it (see ./schema/index.ts).
 */
export type Dialect = "sqlite" | "postgres";

export function dialectOf(url: string | undefined): Dialect {
  return url && /^postgres(ql)?:\/\//i.test(url) ? "postgres" : "sqlite";
}

export const dialect: Dialect = dialectOf(process.env.DATABASE_URL);
