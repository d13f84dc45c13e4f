import { afterEach, beforeEach } from "bun:test";

// A console.error during a test is a failure: collect them and fail the test that produced them.
const original = console.error;
let errors: unknown[][] = [];

console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

beforeEach(() => {
  errors = [];
});

afterEach(() => {
  if (errors.length > 0) {
    const first = errors.map((a) => a.map(String).join(" ")).join("\n");
    errors = [];
    throw new Error(`console.error was called during the test:\n${first}`);
  }
});

// The server suite on PostgreSQL (TEST_DATABASE=postgres): a private server, before any table is imported.
if (process.env.TEST_DATABASE === "postgres") {
  const { preparePostgresTests } = await import("./preload-postgres");
  await preparePostgresTests();
}
