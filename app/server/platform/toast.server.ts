import { createCookie, redirect } from "react-router";
import { z } from "zod";
import type { Services } from "./services.server";

export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.infer<typeof ToastSchema>;

function toastCookie(services: Services) {
  return createCookie("paddock_toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: services.env.BASE_URL.startsWith("https://"),
    secrets: [services.env.AUTH_SECRET],
    maxAge: 60,
  });
}

/** A one-time message carried across a redirect, so forms that work without JavaScript still confirm. */
export async function redirectWithToast(services: Services, url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(services).serialize(toast));
  return redirect(url, { ...init, headers });
}

export async function readToast(services: Services, request: Request) {
  const cookie = toastCookie(services);
  const parsed = ToastSchema.safeParse(await cookie.parse(request.headers.get("Cookie")).catch(() => null));
  if (!parsed.success) return { toast: null, headers: undefined };
  return { toast: parsed.data, headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } };
}
