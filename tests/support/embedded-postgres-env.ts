// Set-up file of the `integration-concurrency` project: points the test database helpers at the PostgreSQL server
// its global set-up started (tests/support/embedded-postgres.ts).
import { inject } from "vitest";

process.env.TEST_DATABASE_URL ??= inject("embeddedPostgresUrl");
