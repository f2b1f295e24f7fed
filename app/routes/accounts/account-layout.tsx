import { signedInGuard } from "~/server/accounts/session.server";
import type { Route } from "./+types/account-layout";

// Every /account/* page and resource needs a signed-in user: the guard runs once here, before any child loader or
// action, and children read the user with guardedUser(context). With no component, the layout renders its child.
export const middleware: Route.MiddlewareFunction[] = [signedInGuard];
