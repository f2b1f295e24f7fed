// The staff lists' query strings: for each list, the columns it sorts by (an allow-list: nothing else reaches an
// ORDER BY), the filters it reads and their allowed values, and its page sizes. Read with `parseTableQuery`.
import { CAMPAIGN_AUDIENCES, CAMPAIGN_STATES, COMPETITION_STATUSES, ORDER_STATUSES } from "~/db/constants";
import { defineTable, parseTableQuery, type TableQuery, type TableSpec } from "~/domain/table-query";

const PAGE_SIZES = [25, 50, 100] as const;

export const COMPETITION_TABLE = defineTable({
  sorts: { created: "desc", title: "asc", status: "asc", sold: "desc", closes: "asc" },
  defaultSort: "created",
  filters: { status: { kind: "oneOf", values: COMPETITION_STATUSES }, featured: { kind: "oneOf", values: ["yes"] } },
  pageSizes: PAGE_SIZES,
  defaultSize: 25,
  searchMax: 100,
});

/** The Orders tab's status filter: the order statuses, refunds the provider has not confirmed, or everything. */
export const ORDER_FILTER_STATUSES = [...ORDER_STATUSES, "refund_failed", "all"] as const;

export const ORDER_TABLE = defineTable({
  sorts: { created: "desc", total: "desc", email: "asc" },
  defaultSort: "created",
  filters: {
    status: { kind: "oneOf", values: ORDER_FILTER_STATUSES, fallback: "paid" },
    competition: { kind: "id" },
    from: { kind: "day" },
    to: { kind: "day" },
  },
  pageSizes: PAGE_SIZES,
  defaultSize: 50,
  searchMax: 254,
});

export const AUDIT_TABLE = defineTable({
  sorts: { when: "desc" },
  defaultSort: "when",
  filters: {
    action: { kind: "text", max: 100 },
    actor: { kind: "text", max: 254 },
    subject: { kind: "text", max: 200 },
    from: { kind: "day" },
    to: { kind: "day" },
  },
  pageSizes: PAGE_SIZES,
  defaultSize: 50,
  searchMax: 0,
});

/** Complaints not yet resolved are the default view: the ones staff must act on. */
export const COMPLAINT_FILTER_STATUSES = ["unresolved", "open", "answered", "resolved", "all"] as const;

export const COMPLAINT_TABLE = defineTable({
  sorts: { received: "asc", status: "asc", name: "asc" },
  defaultSort: "received",
  filters: { status: { kind: "oneOf", values: COMPLAINT_FILTER_STATUSES, fallback: "unresolved" } },
  pageSizes: PAGE_SIZES,
  defaultSize: 25,
  searchMax: 254,
});

export const RECOVERY_TABLE = defineTable({
  sorts: { abandoned: "desc", total: "desc", email: "asc" },
  defaultSort: "abandoned",
  filters: {
    status: { kind: "oneOf", values: ["expired", "cancelled"] },
    recovery: { kind: "oneOf", values: ["sent", "not-sent"] },
  },
  pageSizes: [25, 50, 100, 200],
  defaultSize: 50,
  searchMax: 254,
});

export const CAMPAIGN_TABLE = defineTable({
  sorts: { created: "desc", name: "asc", state: "asc", scheduled: "desc" },
  defaultSort: "created",
  filters: {
    state: { kind: "oneOf", values: CAMPAIGN_STATES },
    audience: { kind: "oneOf", values: CAMPAIGN_AUDIENCES },
  },
  pageSizes: PAGE_SIZES,
  defaultSize: 25,
  searchMax: 200,
});

export type QueryOf<T> = T extends TableSpec<infer S, infer F> ? TableQuery<S, F> : never;

/** A list as its page shows it (the shape `DataTable` takes): spec, query, and how many rows and pages match. */
export type ListOf<T> =
  T extends TableSpec<infer S, infer F>
    ? { spec: TableSpec<S, F>; query: TableQuery<S, F>; total: number; pages: number }
    : never;

/** A list's query from a request's URL. */
export const tableQueryOf = <S extends string, F extends string>(spec: TableSpec<S, F>, request: Request) =>
  parseTableQuery(spec, new URL(request.url).searchParams);
