import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { BrowserContext } from "playwright-core";
import { profiles, user as userTable, userRoles } from "~/db/schema";
import type { Role } from "~/db/constants";
import { app } from "./app";

export type TestUser = { id: string; email: string; password: string; name: string };

/** A verified account made directly through better-auth (not the UI), optionally with extra roles. */
export async function createUser(options: { email?: string; password?: string; firstName?: string; lastName?: string; roles?: Role[] } = {}): Promise<TestUser> {
  const { services } = await app();
  const email = options.email ?? `rider-${randomBytes(4).toString("hex")}@example.test`;
  const password = options.password ?? "a-long-test-password-1";
  const firstName = options.firstName ?? "Test";
  const lastName = options.lastName ?? "Rider";
  const name = `${firstName} ${lastName}`;
  const result = await services.auth.api.signUpEmail({ body: { email, password, name } });
  const id = result.user.id;
  await services.db.update(userTable).set({ emailVerified: true }).where(eq(userTable.id, id));
  await services.db.insert(profiles).values({ userId: id, email, firstName, lastName }).onConflictDoNothing();
  for (const role of options.roles ?? []) await services.db.insert(userRoles).values({ userId: id, role }).onConflictDoNothing();
  return { id, email, password, name };
}

/** Signs the browser context in through the auth API, as a returning visitor with a session cookie. */
export async function signIn(context: BrowserContext, user: Pick<TestUser, "email" | "password">) {
  const { baseUrl } = await app();
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => {
    const [pair = ""] = c.split(";");
    const i = pair.indexOf("=");
    return { name: pair.slice(0, i), value: pair.slice(i + 1), url: baseUrl, httpOnly: true, sameSite: "Lax" as const };
  });
  await context.addCookies(cookies);
  return cookies;
}
