import { z } from "~/schemas/zod";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID string (order ids, idempotency keys): checked before such a value reaches a uuid column. */
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** The largest value of a PostgreSQL integer column (competition, role and other identity ids). */
const MAX_DB_INT = 2_147_483_647;

/** A positive id that fits an integer column: anything larger is refused here, never sent to the database. */
export const DbIdSchema = z.coerce.number().int().positive().max(MAX_DB_INT);
