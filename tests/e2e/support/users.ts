import type { BrowserContext } from "playwright-core";
import type { Role } from "~/db/constants";
import { type CreatedUser, createVerifiedUser } from "~/server/demo/factories.server";
import { app } from "./app";
import { useTheme } from "./browser";
import { openSlowPage } from "./forms";

export type TestUser = CreatedUser;

/** A verified account made directly through better-auth (not the UI), optionally with extra roles. */
export async function createUser(
  options: { email?: string; password?: string; firstName?: string; lastName?: string; roles?: Role[] } = {},
): Promise<TestUser> {
  const { services } = await app();
  const { firstName = "Test", lastName = "Rider", ...rest } = options;
  return createVerifiedUser(services, { ...rest, name: `${firstName} ${lastName}` });
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

/** A fresh, patient browser signed in as new staff with these roles, in a theme and viewport. */
export async function staffPage(
  roles: ("admin" | "moderator")[],
  theme: "light" | "dark" = "dark",
  viewport = { width: 1280, height: 900 },
) {
  const staff = await createUser({ roles });
  const opened = await openSlowPage({ colorScheme: theme, viewport });
  await useTheme(opened.context, theme);
  await signIn(opened.context, staff);
  return opened;
}
