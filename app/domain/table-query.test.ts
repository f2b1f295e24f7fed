import { describe, expect, it } from "vitest";
import {
  defineTable,
  formatUkDay,
  pageCount,
  pageOffset,
  pagerPages,
  parseTableQuery,
  parseUkDay,
  sortSearch,
  tableSearch,
} from "./table-query";

const spec = defineTable({
  sorts: { created: "desc", title: "asc", total: "desc" },
  defaultSort: "created",
  filters: {
    status: { kind: "oneOf", values: ["paid", "failed", "all"], fallback: "paid" },
    kind: { kind: "oneOf", values: ["a", "b"] },
    competition: { kind: "id" },
    from: { kind: "day" },
    actor: { kind: "text", max: 10 },
  },
  pageSizes: [25, 50, 100],
  defaultSize: 25,
  searchMax: 20,
  maxPage: 500,
});

const read = (search: string) => parseTableQuery(spec, new URLSearchParams(search));

describe("reading a list's query string", () => {
  it("gives the defaults for an empty query", () => {
    expect(read("")).toEqual({
      q: "",
      sort: "created",
      dir: "desc",
      page: 1,
      size: 25,
      filters: { status: "paid", kind: "", competition: "", from: "", actor: "" },
      ignored: [],
    });
  });

  it("reads every part when each is allowed", () => {
    expect(
      read(
        "q=%20Bridle%20%20saddle%20&sort=title&dir=desc&page=3&size=100" +
          "&status=all&kind=b&competition=12&from=1/2/2026&actor=%20a%0Ab%20",
      ),
    ).toEqual({
      q: "Bridle saddle",
      sort: "title",
      dir: "desc",
      page: 3,
      size: 100,
      filters: { status: "all", kind: "b", competition: "12", from: "2026-02-01", actor: "a b" },
      ignored: [],
    });
  });

  it("sorts by a column's own first direction when none is given", () => {
    expect(read("sort=title")).toMatchObject({ sort: "title", dir: "asc" });
    expect(read("sort=total")).toMatchObject({ sort: "total", dir: "desc" });
  });

  it.each([
    ["a sort key not on the allow-list", "sort=password", { sort: "created", dir: "desc" }],
    ["an SQL fragment as the sort", "sort=created;drop%20table%20orders", { sort: "created" }],
    ["an inherited property name as the sort", "sort=constructor", { sort: "created" }],
    ["a direction that is neither asc nor desc", "dir=sideways", { dir: "desc" }],
    ["a page of zero", "page=0", { page: 1 }],
    ["a negative page", "page=-3", { page: 1 }],
    ["a fractional page", "page=2.5", { page: 1 }],
    ["a page in scientific notation", "page=1e3", { page: 1 }],
    ["a page past the deepest allowed", "page=501", { page: 1 }],
    ["a page too long to be a number", "page=99999999999999999999", { page: 1 }],
    ["a page size not offered", "size=7", { size: 25 }],
    ["a huge page size", "size=1000000", { size: 25 }],
    ["a repeated parameter (the first counts)", "page=2&page=x", { page: 2 }],
  ])("falls back to the default for %s", (_, search, expected) => {
    expect(read(search)).toMatchObject(expected);
  });

  it.each([
    ["status", "status=bogus", "paid"],
    ["kind", "kind=c", ""],
    ["competition", "competition=abc", ""],
    ["competition", "competition=0", ""],
    ["competition", "competition=99999999999", ""],
    ["from", "from=2026-11-21", ""],
    ["from", "from=31/02/2026", ""],
    ["from", "from=21/13/2026", ""],
    ["from", "from=21-11-2026", ""],
    ["from", "from=21/11/26", ""],
  ] as const)("does not apply %s=%s it cannot read, and says it was ignored", (name, search, value) => {
    const query = read(search);
    expect(query.filters[name]).toBe(value);
    expect(query.ignored).toEqual([name]);
  });

  it("cleans the search of control characters and cuts it to the list's length", () => {
    expect(read("q=a%00b%0Ac").q).toBe("a b c");
    expect(read(`q=${"x".repeat(50)}`).q).toHaveLength(20);
    expect(read(`actor=${"x".repeat(50)}`).filters.actor).toHaveLength(10);
  });

  it("has no search on a list without a search box", () => {
    const noSearch = defineTable({ ...spec, searchMax: 0 });
    expect(parseTableQuery(noSearch, new URLSearchParams("q=anything")).q).toBe("");
  });
});

describe("UK days", () => {
  it.each([
    ["21/11/2026", "2026-11-21"],
    ["1/2/2026", "2026-02-01"],
    [" 29/02/2028 ", "2028-02-29"],
    ["29/02/2026", null],
    ["00/01/2026", null],
    ["2026-11-21", null],
    ["11/21/2026", null],
    ["21/11/1899", null],
    ["", null],
  ])("reads %j as %j", (text, iso) => {
    expect(parseUkDay(text)).toBe(iso);
  });

  it("shows an ISO day as dd/mm/yyyy", () => {
    expect(formatUkDay("2026-02-01")).toBe("01/02/2026");
    expect(formatUkDay("")).toBe("");
  });
});

describe("writing a list's links", () => {
  it("leaves defaults out, so the plain list is its bare path", () => {
    expect(tableSearch(spec, read(""))).toBe("");
    expect(tableSearch(spec, read("status=paid&sort=created&dir=desc&size=25&page=1"))).toBe("");
  });

  it("keeps filters, search, sort and size, and writes a day as the UK day", () => {
    const query = read("q=bridle&status=all&from=21/11/2026&sort=title&dir=desc&size=50");
    expect(tableSearch(spec, query, { page: 2 })).toBe(
      "?q=bridle&status=all&from=21%2F11%2F2026&sort=title&dir=desc&size=50&page=2",
    );
    expect(read(tableSearch(spec, query, { page: 2 }).slice(1))).toEqual({ ...query, page: 2 });
  });

  it("sorts by a new column in its first direction, reverses the current one, and goes back to page 1", () => {
    const query = read("sort=title&page=4");
    expect(sortSearch(spec, query, "total")).toBe("?sort=total");
    expect(sortSearch(spec, query, "title")).toBe("?sort=title&dir=desc");
    expect(sortSearch(spec, read("sort=title&dir=desc"), "title")).toBe("?sort=title");
    expect(sortSearch(spec, read(""), "created")).toBe("?sort=created&dir=asc");
  });
});

describe("pages", () => {
  it("counts at least one page and skips whole pages", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageOffset({ page: 3, size: 25 })).toBe(50);
  });

  it.each([
    [1, 1, [1]],
    [1, 4, [1, 2, 3, 4]],
    [1, 20, [1, 2, 3, null, 20]],
    [10, 20, [1, null, 8, 9, 10, 11, 12, null, 20]],
    [4, 20, [1, 2, 3, 4, 5, 6, null, 20]],
    [20, 20, [1, null, 18, 19, 20]],
  ])("page %i of %i links to %j", (page, pages, expected) => {
    expect(pagerPages(page, pages)).toEqual(expected);
  });
});
