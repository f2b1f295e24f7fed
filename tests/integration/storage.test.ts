import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "~/server/platform/env.server";
import { localStorage, readAll, type Storage, s3Storage, storageFromEnv } from "~/server/platform/storage.server";
import { type LocalS3, S3RVER_KEYS, startLocalS3 } from "../support/s3";

let s3: LocalS3;
let dataDir: string;
const stores: Record<"local" | "s3", Storage> = {} as never;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "paddock-storage-"));
  s3 = await startLocalS3();
  stores.local = localStorage(path.join(dataDir, "uploads"));
  stores.s3 = s3Storage({
    bucket: s3.bucket,
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: S3RVER_KEYS,
  });
});
afterAll(async () => {
  await stores.s3?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const KEY = `${"ab".repeat(32)}.webp`;
const BYTES = Uint8Array.from(Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBP and then some bytes"));

describe.each(["local", "s3"] as const)("%s storage", (kind) => {
  const store = () => stores[kind];

  it("gives back what was put: the bytes, their type and length", async () => {
    await store().put(KEY, BYTES, "image/webp");
    const object = await store().get(KEY);
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe("image/webp");
    expect(object!.length).toBe(BYTES.length);
    expect(new Uint8Array(await readAll(object!))).toEqual(BYTES);
  });

  it("keeps keys one folder deep apart", async () => {
    await store().put("share-cards/card-1.png", Uint8Array.from([1, 2, 3]), "image/png");
    const object = await store().get("share-cards/card-1.png");
    expect([...(await readAll(object!))]).toEqual([1, 2, 3]);
  });

  it("overwrites an object under the same key", async () => {
    await store().put("again.png", Uint8Array.from([1]), "image/png");
    await store().put("again.png", Uint8Array.from([2, 2]), "image/png");
    expect([...(await readAll((await store().get("again.png"))!))]).toEqual([2, 2]);
  });

  it("answers null for a key with nothing under it", async () => {
    expect(await store().get(`${"cd".repeat(32)}.png`)).toBeNull();
  });

  it("deletes, and deleting what is not there is not an error", async () => {
    await store().put("gone.jpg", Uint8Array.from([9]), "image/jpeg");
    await store().delete("gone.jpg");
    expect(await store().get("gone.jpg")).toBeNull();
    await expect(store().delete("gone.jpg")).resolves.toBeUndefined();
  });

  it.each([
    "../escape.png",
    "/etc/passwd.png",
    "a/b/c.png",
    "UPPER.png",
    "dot..png",
    "no-extension",
    "a\\b.png",
    "x.png/",
    "",
  ])("refuses the key %j in every method", async (key) => {
    await expect(store().put(key, BYTES, "image/png")).rejects.toThrow(/invalid key/);
    await expect(store().get(key)).rejects.toThrow(/invalid key/);
    await expect(store().delete(key)).rejects.toThrow(/invalid key/);
  });

  it("refuses a type that does not match the key's extension, and an unknown extension", async () => {
    await expect(store().put("picture.png", BYTES, "text/html")).rejects.toThrow(/image\/png/);
    await expect(store().put("page.html", BYTES, "text/html")).rejects.toThrow(/no content type/);
  });
});

describe("where each store keeps its objects", () => {
  it("local disk: files under DATA_DIR/uploads, no temporary files left behind", async () => {
    await stores.local.put("where.png", Uint8Array.from([7, 7]), "image/png");
    const file = path.join(dataDir, "uploads", "where.png");
    expect([...readFileSync(file)]).toEqual([7, 7]);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  it("S3: objects in the bucket, with the type they were stored with", async () => {
    await stores.s3.put("in-bucket.avif", Uint8Array.from([1, 2]), "image/avif");
    const res = await fetch(`${s3.endpoint}/${s3.bucket}/in-bucket.avif`);
    // s3rver serves anonymous reads; what matters is the object and its Content-Type made it there.
    expect(res.headers.get("content-type")).toBe("image/avif");
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([1, 2]);
  });
});

describe("storage from the environment", () => {
  const base = { NODE_ENV: "test", DATA_DIR: "", BETTER_AUTH_SECRET: "x".repeat(32) };

  it("is local disk under DATA_DIR/uploads by default", async () => {
    const env = loadEnv({ ...base, DATA_DIR: dataDir });
    const store = storageFromEnv(env);
    expect(store.kind).toBe("local");
    await store.put("from-env.png", Uint8Array.from([5]), "image/png");
    expect(existsSync(path.join(dataDir, "uploads", "from-env.png"))).toBe(true);
  });

  it("is S3 when S3_BUCKET is set, with the endpoint, region, keys and path style given", async () => {
    const env = loadEnv({
      ...base,
      DATA_DIR: dataDir,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: "eu-west-2",
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    });
    const store = storageFromEnv(env);
    expect(store.kind).toBe("s3");
    await store.put("from-env.webp", Uint8Array.from([6]), "image/webp");
    expect([...(await readAll((await stores.s3.get("from-env.webp"))!))]).toEqual([6]);
    await store.close();
  });

  it("refuses half a key pair and a malformed endpoint, naming the variables", () => {
    expect(() => loadEnv({ ...base, DATA_DIR: dataDir, S3_BUCKET: "b-1", S3_ACCESS_KEY_ID: "id" })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither/,
    );
    expect(() => loadEnv({ ...base, DATA_DIR: dataDir, S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });
});
