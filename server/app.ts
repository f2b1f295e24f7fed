import "react-router";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import express from "express";
import { RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER } from "~/server/auth.server";
import { nonceContext, servicesContext } from "~/server/context";
import { seedIfEmpty } from "~/server/seed.server";
import { closeServices, createServices, type Services } from "~/server/services.server";
import { mountPayments } from "./payments";
import { competitionEvents } from "./sse";

export { securityHeaders } from "./security";

export type StartedApp = {
  app: express.Express;
  services: Services;
  adminCredentials?: { email: string; password: string };
  /** Origins a form may redirect to (the payment provider's hosted page). */
  formActionOrigins: string[];
  shutdown(): Promise<void>;
};

/** Builds the request pipeline around the React Router app. Used by server.js in development and production. */
export async function createApp(): Promise<StartedApp> {
  const services = await createServices();
  const seeded = await seedIfEmpty(services);
  const app = express();
  if (services.env.TRUST_PROXY) app.set("trust proxy", true);

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      await services.handle.ping();
      res.json({ status: "ok", database: services.handle.kind });
    } catch (error) {
      services.logger.error({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });
  // The client address Express resolved (TRUST_PROXY decides), never a client-sent value: auth rate limits key on it.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    next();
  });
  app.all("/api/auth/{*splat}", toNodeHandler(services.auth));
  app.get("/api/competitions/events", competitionEvents(services));
  // Stripe webhook (raw body) and, without STRIPE_SECRET_KEY, the Stripe stand-in: both before React Router.
  mountPayments(app, services);

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext(_req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(nonceContext, String(res.locals.cspNonce ?? ""));
        return context;
      },
    }),
  );
  return {
    app,
    services,
    adminCredentials: seeded.adminCredentials,
    formActionOrigins: services.payments.checkoutOrigins,
    shutdown: () => closeServices(services),
  };
}
