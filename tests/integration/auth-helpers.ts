import { desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import type { Role } from "~/db/constants";
import { emailOutbox } from "~/db/schema";
import * as signin from "~/routes/accounts/signin";
import { createVerifiedUser } from "~/server/demo/factories.server";
import { CLIENT_IP_HEADER } from "~/server/platform/auth.server";
import { servicesContext } from "~/server/platform/context";
import type { Services } from "~/server/platform/services.server";
import { middlewareFor, withMiddleware } from "../support/route-chain";

// biome-ignore lint/suspicious/noExplicitAny: route modules each type their own args; the helper calls any of them
type RouteFn = (args: any) => unknown;
export type RouteModule = { loader?: RouteFn; action?: RouteFn };
export type Outcome = {
  status: number;
  location: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the route returned
  data: any;
  setCookies: string[];
  headers?: Record<string, string>;
};

/** A browser's cookie jar, enough for better-auth's and our cookies. */
export class Jar {
  cookies = new Map<string, string>();
  apply(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = "", ...attrs] = line.split(";");
      const i = pair.indexOf("=");
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  has(part: string) {
    return [...this.cookies.keys()].some((k) => k.includes(part));
  }
}

/** Runs a route module's loader or action the way React Router does, and flattens what it returns or throws. */
export async function run(
  services: Services,
  fn: RouteFn | undefined,
  request: Request,
  params: Record<string, string> = {},
): Promise<Outcome> {
  if (!fn) throw new Error("route has no such function");
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  let result: unknown;
  try {
    const args = { request, context, params };
    result = await withMiddleware(middlewareFor(fn), args as never, async () => fn(args));
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON
    }
    return {
      status: result.status,
      location: result.headers.get("location"),
      data,
      setCookies: result.headers.getSetCookie(),
      headers: Object.fromEntries(result.headers),
    };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    const headers = new Headers(init?.headers);
    return {
      status: init?.status ?? 200,
      location: null,
      data,
      setCookies: headers.getSetCookie(),
      headers: Object.fromEntries(headers),
    };
  }
  if (result instanceof Error) throw result;
  return { status: 200, location: null, data: result, setCookies: [] };
}

export function makeRequest(
  services: Services,
  path: string,
  jar?: Jar,
  form?: Record<string, string>,
  ip = "203.0.113.7",
) {
  const headers = new Headers({
    origin: services.env.BASE_URL,
    [CLIENT_IP_HEADER]: ip,
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36",
  });
  if (jar?.cookies.size) headers.set("cookie", jar.header());
  if (!form) return new Request(`${services.env.BASE_URL}${path}`, { headers });
  headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(`${services.env.BASE_URL}${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

/** A visitor with their own cookies, acting on route modules directly. */
export function visitor(services: Services, ip?: string) {
  const jar = new Jar();
  return {
    jar,
    /** `params` are the route's path parameters (`{ id: "12" }` for /admin/competitions/:id). */
    async get(mod: RouteModule, path: string, params: Record<string, string> = {}) {
      const out = await run(services, mod.loader, makeRequest(services, path, jar, undefined, ip), params);
      jar.apply(out.setCookies);
      return out;
    },
    async post(mod: RouteModule, path: string, form: Record<string, string>, params: Record<string, string> = {}) {
      const out = await run(services, mod.action, makeRequest(services, path, jar, form, ip), params);
      jar.apply(out.setCookies);
      return out;
    },
    /** Follows a link from an e-mail through better-auth's own handler (verification, reset). */
    async openLink(url: string) {
      const res = await services.auth.handler(
        new Request(url, { headers: jar.cookies.size ? { cookie: jar.header() } : {}, redirect: "manual" }),
      );
      jar.apply(res.headers.getSetCookie());
      return { status: res.status, location: res.headers.get("location") };
    },
  };
}

/** A new verified account with this role (or none), signed in through the sign-in page. */
export async function signedInAs(services: Services, role: Role | "none") {
  const email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = "a-role-test-password";
  const { id } = await createVerifiedUser(services, {
    email,
    password,
    name: `Role ${role}`,
    roles: role === "none" ? [] : [role],
  });
  const v = visitor(services);
  await v.post(signin, "/signin", { intent: "signin", email, password });
  return { v, id, email };
}

/** The newest message queued to this address, and the first link in it. */
export async function lastMailTo(services: Services, to: string, kind?: string) {
  const rows = await services.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id));
  const row = rows.find((r) => !kind || r.kind === kind);
  if (!row) throw new Error(`no ${kind ?? ""} mail to ${to}`);
  return { ...row, link: row.text.match(/https?:\/\/\S+/)?.[0] ?? "" };
}

export async function mailCount(services: Services, to: string, kind: string) {
  const rows = await services.db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.to, to));
  return rows.filter((r) => r.kind === kind).length;
}

export { totp, wrongTotp } from "../support/totp";
