import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { safeRedirectPath } from "~/schemas/auth";
import { findSession } from "../platform/auth.server";
import { servicesContext } from "../platform/context";
import type { Services } from "../platform/services.server";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: Date;
  sessionId: string;
};

/** The signed-in user, or null for a missing or bad session; throws when the session could not be looked up. */
export async function getUser(services: Services, request: Request): Promise<SessionUser | null> {
  const session = await findSession(services.auth, request.headers);
  if (!session) return null;
  const { id, email, name, emailVerified, twoFactorEnabled, createdAt } = session.user;
  return {
    id,
    email,
    name,
    emailVerified,
    twoFactorEnabled: Boolean(twoFactorEnabled),
    createdAt: new Date(createdAt),
    sessionId: session.session.id,
  };
}

function signInRedirect(request: Request) {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  return redirect(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
}

export async function requireUser(services: Services, request: Request): Promise<SessionUser> {
  const user = await getUser(services, request);
  if (!user) throw signInRedirect(request);
  return user;
}

/** For /signin, /join, /auth and the like: someone already signed in goes where they were heading, or home. */
export async function requireAnonymous(services: Services, request: Request) {
  const user = await getUser(services, request);
  if (user) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
}

export const ADMIN_TWO_FACTOR_TOAST = {
  type: "info",
  title: "Two-factor authentication required",
  description: "Turn on two-factor authentication to use the admin area.",
} as const;

/** The signed-in user, set once per request by the guard of a layout route (/account/*, /admin/*). */
const userContext = createContext<SessionUser | null>(null);

/** The user a layout's guard let in. A route reached without its guard is a bug, so this throws. */
export function guardedUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(userContext);
  if (!user) throw new Error("guardedUser() outside a guarded layout route");
  return user;
}

/** Layout middleware: anonymous visitors go to sign in; the user is then in `userContext` for every child. */
export const signedInGuard: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(userContext, await requireUser(context.get(servicesContext), request));
};
