import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import express from "express";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PICTURE_MESSAGES } from "~/content/pictures";
import { auditLog, competitionImages, competitions } from "~/db/schema";
import { PICTURE_BODY_MAX_BYTES, PICTURE_MAX_BYTES, type PictureVariant } from "~/domain/pictures";
import * as editor from "~/routes/admin/competition-edit";
import * as pictures from "~/routes/admin/competition-pictures";
import * as shareCardRoute from "~/routes/catalogue/competition-share-card";
import { getPublicCompetition } from "~/server/catalogue/competitions.server";
import { featuredCompetitions } from "~/server/catalogue/home.server";
import { shareCardPath } from "~/server/catalogue/share-card.server";
import { createCompetition } from "~/server/demo/factories.server";
import { CLIENT_IP_HEADER } from "~/server/platform/auth.server";
import { servicesContext } from "~/server/platform/context";
import { readAll } from "~/server/platform/storage.server";
import { BODY_LIMITS, bodyLimit } from "../../server/limits";
import { mediaFiles } from "../../server/media";
import { type Listening, listen, rawRequest } from "../support/http-server";
import { createTestServices, type TestServices } from "../support/services";
import { type Jar, makeRequest, run, signedInAs } from "./auth-helpers";

let services: TestServices;
let admin: Awaited<ReturnType<typeof signedInAs>>;
let moderator: Awaited<ReturnType<typeof signedInAs>>;
let server: Listening;
let handlerReached = 0;

beforeAll(async () => {
  services = await createTestServices({ ADMIN_REQUIRE_2FA: "false" });
  [admin, moderator] = [await signedInAs(services, "admin"), await signedInAs(services, "moderator")];
  const app = express();
  app.use(bodyLimit(BODY_LIMITS));
  app.get("/media/:key", mediaFiles(services));
  app.post("/{*splat}", (req, res) => {
    handlerReached++;
    req.resume();
    req.on("end", () => res.send("reached"));
  });
  server = await listen(app);
});
afterAll(async () => {
  await server?.close();
  await services?.dispose();
});

// Pictures made here with sharp, as a camera or an editor would save them.
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 140, g: 90, b: 40 } } });
/** A JPEG carrying an owner, GPS position and "rotate 90°" in its EXIF. */
const cameraJpeg = () =>
  solid(1200, 800)
    .withExif({ IFD0: { Copyright: "Secret Owner" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

type Fields = Record<string, string | { bytes: Uint8Array; name: string; type: string }>;

function pictureRequest(jar: Jar, competitionId: number, fields: Fields, page = "/pictures") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new File([new Uint8Array(value.bytes)], value.name, { type: value.type }));
  }
  const headers = new Headers({
    origin: services.env.BASE_URL,
    cookie: jar.header(),
    [CLIENT_IP_HEADER]: "203.0.113.9",
  });
  const url = `${services.env.BASE_URL}/admin/competitions/${competitionId}${page}`;
  return new Request(url, { method: "POST", headers, body: form });
}

async function post(who: { v: { jar: Jar } }, competitionId: number, fields: Fields) {
  const out = await run(services, pictures.action, pictureRequest(who.v.jar, competitionId, fields), {
    id: String(competitionId),
  });
  who.v.jar.apply(out.setCookies);
  return out;
}

/** The editor's own form, sent by its Upload picture button without JavaScript (ADR 041). */
async function editorPost(who: { v: { jar: Jar } }, competitionId: number, fields: Fields) {
  const out = await run(services, editor.action, pictureRequest(who.v.jar, competitionId, fields, ""), {
    id: String(competitionId),
  });
  who.v.jar.apply(out.setCookies);
  return out;
}

const upload = (who: typeof admin, competitionId: number, bytes: Uint8Array, name: string, alt = "A bay horse") =>
  post(who, competitionId, { intent: "upload", alt, file: { bytes, name, type: "image/jpeg" } });

const rowsOf = (competitionId: number) =>
  services.db
    .select()
    .from(competitionImages)
    .where(eq(competitionImages.competitionId, competitionId))
    .orderBy(competitionImages.position, competitionImages.id);

async function stored(key: string) {
  const object = await services.storage.get(key);
  return object ? readAll(object) : null;
}

/** sharp's name for each stored format (AVIF is a HEIF container with AV1 inside). */
const SHARP_FORMAT = { avif: "heif", webp: "webp" } as const;

describe("uploading a picture", () => {
  it("stores a camera JPEG upright, without its EXIF, with AVIF and WebP variants at each width", async () => {
    const competition = await createCompetition(services.db);
    const bytes = await cameraJpeg();
    expect((await sharp(bytes).metadata()).exif).toBeDefined();

    const out = await upload(admin, competition.id, bytes, "IMG_0001.JPG", "  Bay mare   in a navy rug ");
    expect(out.status).toBe(302);
    // Back to the editor, whose Pictures section manages them.
    expect(out.location).toBe(`/admin/competitions/${competition.id}#pictures`);
    expect(admin.v.jar.has("paddock_toast")).toBe(true);

    const [row] = await rowsOf(competition.id);
    expect(row).toMatchObject({ alt: "Bay mare in a navy rug", width: 800, height: 1200, position: 0 });
    expect(row!.originalKey).toMatch(/^[0-9a-f]{64}\.jpg$/);
    const original = (await stored(row!.originalKey))!;
    const meta = await sharp(original).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 800, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(original.includes("Secret Owner")).toBe(false);

    const variants = row!.variants as PictureVariant[];
    expect(variants.map((v) => `${v.format}@${v.width}`).sort()).toEqual(
      ["avif@480", "avif@800", "webp@480", "webp@800"].sort(),
    );
    for (const variant of variants) {
      const file = (await stored(variant.key))!;
      const vm = await sharp(file).metadata();
      expect(vm.format).toBe(SHARP_FORMAT[variant.format]);
      expect(vm.width).toBe(variant.width);
      expect(vm.exif).toBeUndefined();
      expect(variant.key).toBe(`${createHash("sha256").update(file).digest("hex")}.${variant.format}`);
    }

    const [audit] = await services.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "competition.picture.added"), eq(auditLog.subject, `competition:${competition.id}`)),
      );
    expect(audit).toMatchObject({ actorUserId: admin.id });
    expect(audit!.after).toMatchObject({ alt: "Bay mare in a navy rug", originalKey: row!.originalKey });
  });

  it("makes 480, 960 and 1600 px variants of a large picture, never more than 1600", async () => {
    const competition = await createCompetition(services.db);
    const out = await upload(admin, competition.id, await solid(2400, 1500).png().toBuffer(), "big.png");
    expect(out.status).toBe(302);
    const [row] = await rowsOf(competition.id);
    const widths = (row!.variants as PictureVariant[]).filter((v) => v.format === "webp").map((v) => v.width);
    expect(widths.sort((a, b) => a - b)).toEqual([480, 960, 1600]);
  });

  it("knows a PNG by its bytes when it is named .jpg and sent as image/jpeg", async () => {
    const competition = await createCompetition(services.db);
    const png = await solid(600, 400).png().toBuffer();
    expect((await upload(admin, competition.id, png, "holiday.jpg")).status).toBe(302);
    const [row] = await rowsOf(competition.id);
    expect(row!.originalKey).toMatch(/\.png$/);
    expect((await sharp((await stored(row!.originalKey))!).metadata()).format).toBe("png");
  });

  it("takes a WebP smaller than every standard width at its own width, never upscaled", async () => {
    const competition = await createCompetition(services.db);
    const webp = await solid(400, 300).webp().toBuffer();
    expect((await upload(admin, competition.id, webp, "small.webp")).status).toBe(302);
    const [row] = await rowsOf(competition.id);
    expect(row!.originalKey).toMatch(/\.webp$/);
    expect((row!.variants as PictureVariant[]).map((v) => v.width)).toEqual([400, 400]);
  });

  it.each([
    ["a text file named .jpg", Buffer.from("Just some notes, not a picture at all."), PICTURE_MESSAGES.wrongType, 415],
    ["a GIF", Buffer.from("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;"), PICTURE_MESSAGES.wrongType, 415],
    [
      "a broken JPEG",
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("garbage")]),
      PICTURE_MESSAGES.unreadable,
      400,
    ],
  ])("refuses %s with a clear message and stores nothing", async (_name, bytes, message, status) => {
    const competition = await createCompetition(services.db);
    const out = await upload(admin, competition.id, bytes, "photo.jpg");
    expect(out.status).toBe(status);
    expect(out.data.result.error.file).toEqual([message]);
    expect(await rowsOf(competition.id)).toEqual([]);
  });

  it("refuses a missing picture, missing alt text, and a file over the limit, saying which", async () => {
    const competition = await createCompetition(services.db);
    const png = await solid(300, 200).png().toBuffer();
    const noAlt = await upload(admin, competition.id, png, "a.png", "   ");
    expect(noAlt.status).toBe(400);
    expect(noAlt.data.result.error.alt).toEqual([PICTURE_MESSAGES.altRequired]);
    const noFile = await post(admin, competition.id, { intent: "upload", alt: "Something" });
    expect(noFile.data.result.error.file).toEqual([PICTURE_MESSAGES.fileRequired]);
    const huge = new Uint8Array(PICTURE_MAX_BYTES + 1);
    huge.set(png);
    const tooBig = await upload(admin, competition.id, huge, "huge.png");
    expect(tooBig.status).toBe(400);
    expect(tooBig.data.result.error.file).toEqual([PICTURE_MESSAGES.tooBig]);
    expect(await rowsOf(competition.id)).toEqual([]);
  });

  it("is refused to a moderator (403), who may not edit competitions", async () => {
    const competition = await createCompetition(services.db);
    const png = await solid(300, 200).png().toBuffer();
    const out = await upload(moderator, competition.id, png, "a.png");
    expect(out.status).toBe(403);
    const page = await run(services, pictures.loader, makeRequest(services, "/admin", moderator.v.jar), {
      id: String(competition.id),
    });
    expect(page.status).toBe(403);
    expect(await rowsOf(competition.id)).toEqual([]);
  });

  it("from the editor's form: stores the picture, answers the fields as typed and saves none of them", async () => {
    const competition = await createCompetition(services.db, { title: "Saved title" });
    const jpeg = new Uint8Array(await solid(600, 400).jpeg().toBuffer());
    const typed = { intent: "upload", title: "Typed, not saved", totalTickets: "ten", alt: "A bay horse" };
    const refused = await editorPost(admin, competition.id, typed);
    expect(refused.status).toBe(400);
    expect(refused.data.picture.error.file).toEqual([PICTURE_MESSAGES.fileRequired]);
    expect(refused.data.edits.initialValue).toMatchObject({ title: "Typed, not saved", totalTickets: "ten" });

    const file = { bytes: jpeg, name: "bay.jpg", type: "image/jpeg" };
    const uploaded = await editorPost(admin, competition.id, { ...typed, file });
    expect(uploaded.status).toBe(200);
    expect(uploaded.data).toMatchObject({ uploaded: true, edits: { initialValue: { title: "Typed, not saved" } } });
    expect((await rowsOf(competition.id)).map((r) => r.alt)).toEqual(["A bay horse"]);
    const [row] = await services.db.select().from(competitions).where(eq(competitions.id, competition.id));
    expect(row).toMatchObject({ title: "Saved title", totalTickets: competition.totalTickets });

    // A moderator may not edit competitions: refused before the body is read, and nothing is stored.
    expect((await editorPost(moderator, competition.id, { ...typed, file })).status).toBe(403);
    expect(await rowsOf(competition.id)).toHaveLength(1);
  });

  it("answers 404 for a competition that does not exist", async () => {
    const out = await run(services, pictures.loader, makeRequest(services, "/admin", admin.v.jar), { id: "999999" });
    expect(out.status).toBe(404);
  });
});

describe("ordering and deleting pictures", () => {
  it("moves pictures up and down, deletes one with its files, and logs each change", async () => {
    const competition = await createCompetition(services.db);
    for (const [i, alt] of ["First", "Second", "Third"].entries()) {
      const png = await solid(500 + i, 300)
        .png()
        .toBuffer();
      expect((await upload(admin, competition.id, png, `${i}.png`, alt)).status).toBe(302);
    }
    const alts = async () => (await rowsOf(competition.id)).map((r) => r.alt);
    const idOf = async (alt: string) => (await rowsOf(competition.id)).find((r) => r.alt === alt)!.id;

    await post(admin, competition.id, { intent: "move", pictureId: String(await idOf("Third")), direction: "up" });
    expect(await alts()).toEqual(["First", "Third", "Second"]);
    await post(admin, competition.id, { intent: "move", pictureId: String(await idOf("First")), direction: "down" });
    expect(await alts()).toEqual(["Third", "First", "Second"]);
    await post(admin, competition.id, { intent: "move", pictureId: String(await idOf("Third")), direction: "up" });
    expect(await alts()).toEqual(["Third", "First", "Second"]);

    const page = await run(services, pictures.loader, makeRequest(services, "/admin", admin.v.jar), {
      id: String(competition.id),
    });
    expect(page.data.pictures.map((p: { alt: string }) => p.alt)).toEqual(["Third", "First", "Second"]);

    const doomed = (await rowsOf(competition.id)).find((r) => r.alt === "First")!;
    const keys = [doomed.originalKey, ...(doomed.variants as PictureVariant[]).map((v) => v.key)];
    const deleted = await post(admin, competition.id, { intent: "delete", pictureId: String(doomed.id) });
    expect(deleted.status).toBe(302);
    expect(await alts()).toEqual(["Third", "Second"]);
    for (const key of keys) expect(await services.storage.get(key)).toBeNull();

    const again = await post(admin, competition.id, { intent: "delete", pictureId: String(doomed.id) });
    expect(again.status).toBe(404);
    expect(again.data.notice.description).toBe(PICTURE_MESSAGES.notFound);

    const actions = (
      await services.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `competition:${competition.id}`))
    ).map((a) => a.action);
    expect(actions.filter((a) => a === "competition.picture.moved")).toHaveLength(3);
    expect(actions).toContain("competition.picture.deleted");
  });

  it("makes any picture the main one, corrects alt text, refuses blank alt text and others' pictures", async () => {
    const competition = await createCompetition(services.db);
    const other = await createCompetition(services.db);
    for (const [i, alt] of ["Bay", "Grey", "Chestnut"].entries()) {
      const png = await solid(400 + i, 250)
        .png()
        .toBuffer();
      expect((await upload(admin, competition.id, png, `${i}.png`, alt)).status).toBe(302);
    }
    const alts = async () => (await rowsOf(competition.id)).map((r) => r.alt);
    const idOf = async (alt: string) => (await rowsOf(competition.id)).find((r) => r.alt === alt)!.id;

    const main = await post(admin, competition.id, {
      intent: "move",
      pictureId: String(await idOf("Chestnut")),
      direction: "first",
    });
    expect(main.status).toBe(302);
    expect(await alts()).toEqual(["Chestnut", "Bay", "Grey"]);
    expect((await rowsOf(competition.id)).map((r) => r.position)).toEqual([0, 1, 2]);
    // The public pages and cards follow: the first picture is the main one.
    expect((await getPublicCompetition(services.db, competition.id))?.pictures[0]?.alt).toBe("Chestnut");

    const grey = String(await idOf("Grey"));
    expect((await post(admin, competition.id, { intent: "alt", pictureId: grey, alt: "  Grey   mare " })).status).toBe(
      302,
    );
    expect(await alts()).toEqual(["Chestnut", "Bay", "Grey mare"]);
    const blank = await post(admin, competition.id, { intent: "alt", pictureId: grey, alt: "   " });
    expect(blank.status).toBe(400);
    expect(blank.data.result.error.alt).toEqual([PICTURE_MESSAGES.altRequired]);
    // A moderator may not edit pictures; a picture id sent with another competition is not that one's to change.
    const elsewhere = await post(moderator, competition.id, { intent: "alt", pictureId: grey, alt: "Hijacked" });
    expect(elsewhere.status).toBe(403);
    const foreign = await post(admin, other.id, { intent: "alt", pictureId: grey, alt: "Hijacked" });
    expect(foreign.status).toBe(404);
    const foreignMove = await post(admin, other.id, { intent: "move", pictureId: grey, direction: "first" });
    expect(foreignMove.status).toBe(404);
    expect(await alts()).toEqual(["Chestnut", "Bay", "Grey mare"]);

    const logged = await services.db.select().from(auditLog).where(eq(auditLog.action, "competition.picture.alt"));
    expect(logged.at(-1)).toMatchObject({ before: { alt: "Grey" }, after: { alt: "Grey mare" } });
  });

  it("refuses the same picture twice on one competition; another's copy keeps the shared files", async () => {
    const [one, two] = [await createCompetition(services.db), await createCompetition(services.db)];
    const png = await solid(320, 200).png().toBuffer();
    expect((await upload(admin, one.id, png, "a.png", "Once")).status).toBe(302);
    const twice = await upload(admin, one.id, png, "b.png", "Twice");
    expect(twice.status).toBe(409);
    expect(twice.data.result.error.file).toEqual([PICTURE_MESSAGES.duplicate]);
    expect(await rowsOf(one.id)).toHaveLength(1);

    expect((await upload(admin, two.id, png, "c.png", "Elsewhere")).status).toBe(302);
    const [first] = await rowsOf(one.id);
    const [copy] = await rowsOf(two.id);
    expect(copy!.originalKey).toBe(first!.originalKey);
    await post(admin, one.id, { intent: "delete", pictureId: String(first!.id) });
    expect(await stored(copy!.originalKey)).not.toBeNull();
    for (const v of copy!.variants as PictureVariant[]) expect(await stored(v.key)).not.toBeNull();
  });
});

describe("the public side", () => {
  it("gives pages the pictures in order with public fields only, and cards the first", async () => {
    const competition = await createCompetition(services.db, { featured: true });
    await upload(admin, competition.id, await solid(640, 400).png().toBuffer(), "a.png", "Lead picture");
    await upload(admin, competition.id, await solid(641, 400).png().toBuffer(), "b.png", "Second picture");
    const detail = await getPublicCompetition(services.db, competition.id);
    expect(detail!.pictures.map((p) => p.alt)).toEqual(["Lead picture", "Second picture"]);
    expect(Object.keys(detail!.pictures[0]!).sort()).toEqual(["alt", "height", "originalKey", "variants", "width"]);
    const featured = await featuredCompetitions(services.db, new Date());
    const card = featured.find((c) => c.id === competition.id)!;
    expect(card.pictures.map((p) => p.alt)).toEqual(["Lead picture"]);
  });
});

const send = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) =>
  rawRequest(server.port, { method, path, headers, body });

describe("/media/<key>", () => {
  it("serves each variant with its type, its length and a one-year immutable cache, then 304 by ETag", async () => {
    const competition = await createCompetition(services.db);
    await upload(admin, competition.id, await solid(700, 500).jpeg().toBuffer(), "m.jpg");
    const [row] = await rowsOf(competition.id);
    const types = { avif: "image/avif", webp: "image/webp" };
    for (const variant of row!.variants as PictureVariant[]) {
      const res = await send("GET", `/media/${variant.key}`);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe(types[variant.format]);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect((await sharp(res.body).metadata()).width).toBe(variant.width);
      const again = await send("GET", `/media/${variant.key}`, { "if-none-match": String(res.headers.etag) });
      expect(again.status).toBe(304);
    }
    const original = await send("GET", `/media/${row!.originalKey}`);
    expect(original.headers["content-type"]).toBe("image/jpeg");
  });

  it.each([
    `/media/${"0".repeat(64)}.webp`,
    "/media/..%2F..%2Fetc%2Fpasswd",
    "/media/share-cards%2Fcard.png",
    `/media/${"0".repeat(64)}.svg`,
    "/media/%2e%2e",
  ])("answers 404 for %s", async (path) => {
    const res = await send("GET", path);
    expect(res.status).toBe(404);
    expect(res.headers["cache-control"]).toBeUndefined();
  });
});

describe("upload bodies are bounded", () => {
  const declare = (path: string, length: number) =>
    send("POST", path, { "content-type": "multipart/form-data; boundary=x", "content-length": String(length) });

  it("refuses a body over the picture limit with 413 before reading it, on the page and its .data twin", async () => {
    const before = handlerReached;
    for (const path of ["/admin/competitions/7/pictures", "/admin/competitions/7/pictures.data"]) {
      const res = await declare(path, PICTURE_BODY_MAX_BYTES + 1);
      expect(res.status).toBe(413);
      expect(res.body.toString()).toMatch(/^This request is too large: at most \d+ KB is accepted\.$/);
    }
    expect(handlerReached).toBe(before);
  });

  it("lets a picture-sized body through to the pictures page and editor only; other forms keep theirs", async () => {
    const oneMb = Buffer.alloc(1024 * 1024, 1);
    const headers = { "content-type": "application/octet-stream", "content-length": String(oneMb.length) };
    expect((await send("POST", "/admin/competitions/7/pictures", headers, oneMb)).status).toBe(200);
    // The editor's form brings a picture when the browser runs no script (ADR 041).
    expect((await send("POST", "/admin/competitions/7", headers, oneMb)).status).toBe(200);
    expect((await send("POST", "/admin/competitions/7.data", headers, oneMb)).status).toBe(200);
    expect((await send("POST", "/admin", headers, oneMb)).status).toBe(413);
    expect((await send("POST", "/admin/competitions/7/edit", headers, oneMb)).status).toBe(413);
    expect((await send("POST", "/admin/competitions/7/cancel", headers, oneMb)).status).toBe(413);
  });
});

describe("the share card", () => {
  /** The resource route's own Response (its body is a PNG, which the text-reading test helper would spoil). */
  async function fetchCard(id: number, query = "") {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    const request = new Request(`${services.env.BASE_URL}/competition/${id}/share-card.png${query}`);
    const response = await shareCardRoute.loader({ request, params: { id: String(id) }, context } as never);
    return { response, png: Buffer.from(await response.arrayBuffer()) };
  }

  it("is a 1200×630 PNG, stored once per version, and changes when the title changes", async () => {
    const competition = await createCompetition(services.db, { imageUrl: "/images/competitions/rug-bundle.svg" });
    const { response, png } = await fetchCard(competition.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    // The built-in SVG is drawn under the text: the snowy foreground shows bottom right, not the plain ground.
    const { data } = await sharp(png).extract({ left: 1150, top: 600, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect(data[0]).toBeGreaterThan(200);

    const path = shareCardPath((await getPublicCompetition(services.db, competition.id))!);
    const version = new URL(path, services.env.BASE_URL).searchParams.get("v")!;
    const current = await fetchCard(competition.id, `?v=${version}`);
    expect(current.response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(current.png.equals(png)).toBe(true);
    const etag = current.response.headers.get("etag")!.replaceAll('"', "");
    expect((await stored(`share-cards/${etag}.png`))?.equals(png)).toBe(true);

    await services.db.update(competitions).set({ title: "A new title" }).where(eq(competitions.id, competition.id));
    const renamedPath = shareCardPath((await getPublicCompetition(services.db, competition.id))!);
    expect(renamedPath).not.toBe(path);
    const renamed = await fetchCard(competition.id);
    expect(await sharp(renamed.png).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(renamed.png.equals(png)).toBe(false);
  });

  it("is drawn on the first uploaded picture, and a new first picture makes a new version", async () => {
    const competition = await createCompetition(services.db);
    const before = shareCardPath((await getPublicCompetition(services.db, competition.id))!);
    await upload(admin, competition.id, await solid(1600, 900).png().toBuffer(), "lead.png", "Lead");
    const after = shareCardPath((await getPublicCompetition(services.db, competition.id))!);
    expect(after).not.toBe(before);
    const { png } = await fetchCard(competition.id);
    expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it("answers 404 for drafts, scheduled and unknown competitions", async () => {
    for (const status of ["draft", "scheduled"] as const) {
      const hidden = await createCompetition(services.db, { status });
      expect((await fetchCard(hidden.id)).response.status).toBe(404);
    }
    expect((await fetchCard(999_999)).response.status).toBe(404);
  });
});
