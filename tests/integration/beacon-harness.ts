import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { draws } from "~/db/schema";
import { roundTime } from "~/domain/draw/chain";
import { beaconFromEnv } from "~/server/platform/beacon.server";
import { mountLocalBeacon } from "../../server/local-beacon";
import { createTestServices, type TestServices } from "../support/services";
import { signedInAs } from "./auth-helpers";

/**
 * The local test beacon on a loopback port, following the services' clock, as the app serves it. `mount` adds more
 * (a forged beacon). Close it after the file's tests.
 */
export async function startBeaconServer(services: TestServices, mount?: (app: express.Express) => void) {
  const app = express();
  mountLocalBeacon(app, services);
  mount?.(app);
  const server = await new Promise<ReturnType<express.Express["listen"]>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A draw test file's world: fresh services, the local beacon on a loopback port (with whatever `mount` adds) that the
 * services fetch from, and a signed-in admin. Before each test the clock is real again and the beacon is the local
 * one; tests move `h.services.now` and swap `h.services.beacon` as they need.
 */
export function useDrawHarness(mount?: (app: express.Express, services: TestServices) => void) {
  const h = {} as {
    services: TestServices;
    origin: string;
    boss: Awaited<ReturnType<typeof signedInAs>>;
    beaconServer: Awaited<ReturnType<typeof startBeaconServer>>;
  };
  beforeAll(async () => {
    h.services = await createTestServices({ ADMIN_REQUIRE_2FA: "false" });
    h.beaconServer = await startBeaconServer(h.services, (app) => mount?.(app, h.services));
    h.origin = h.beaconServer.origin;
    h.boss = await signedInAs(h.services, "admin");
  });
  afterAll(async () => {
    await h.beaconServer?.close();
    await h.services?.dispose();
  });
  beforeEach(() => {
    h.services.now = () => new Date();
    h.services.beacon = beaconFromEnv(h.services.env, h.origin);
  });
  return h;
}

/** The moment a competition's deciding round comes out (its manifest published). */
export async function roundDue(services: TestServices, competitionId: number) {
  const [draw] = await services.db
    .select({ round: draws.round })
    .from(draws)
    .where(eq(draws.competitionId, competitionId));
  if (!draw) throw new Error("no manifest");
  return roundTime(services.beacon.chain, draw.round);
}
