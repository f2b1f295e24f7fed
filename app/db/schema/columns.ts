import { integer, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

// Column shapes every area's tables repeat, written once. SQL names stay explicit at each call.

/** An identity primary key (`id integer generated always as identity`). */
export const identityId = () => integer("id").primaryKey().generatedAlwaysAsIdentity();

/** A point in time, stored with its time zone (UTC in, Europe/London on screen). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** The account a row belongs to; the row goes when the account is deleted. */
export const ownerUserId = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });
