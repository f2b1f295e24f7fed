import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Env } from "./env.server";

/** An object read back from storage: its bytes as a stream, and what they are. */
export type StoredObject = { body: Readable; contentType: string; length: number };

/**
 * Where uploaded pictures and rendered share cards live. Keys are decided by the app (content hashes), never by a
 * visitor; every method still checks them against STORAGE_KEY, so no key can climb out of its folder or bucket.
 */
export interface Storage {
  readonly kind: "local" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none under this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Lower-case names of letters, digits and hyphens, at most one folder deep, with an extension: "ab12.webp". */
const STORAGE_KEY = /^(?:[a-z0-9][a-z0-9-]{0,63}\/)?[a-z0-9][a-z0-9-]{0,127}\.[a-z0-9]{1,8}$/;

/** The types this store holds, by extension: local disk keeps no metadata, so the key's extension says the type. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
};

function contentTypeOf(key: string): string | undefined {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)];
}

function checkKey(key: string, contentType?: string) {
  if (!STORAGE_KEY.test(key)) throw new Error(`storage: invalid key ${JSON.stringify(key)}`);
  const expected = contentTypeOf(key);
  if (!expected) throw new Error(`storage: no content type for ${key}`);
  if (contentType !== undefined && contentType !== expected) {
    throw new Error(`storage: ${key} must be stored as ${expected}, not ${contentType}`);
  }
}

const isMissing = (error: unknown) => (error as { code?: string } | null)?.code === "ENOENT";

/** Files under `root` (DATA_DIR/uploads), written to a temporary name and renamed so readers never see half a file. */
export function localStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));
  return {
    kind: "local",
    async put(key, bytes, contentType) {
      checkKey(key, contentType);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    },
    async get(key) {
      checkKey(key);
      const handle = await open(fileOf(key), "r").catch((error) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!handle) return null;
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), contentType: contentTypeOf(key) as string, length: size };
    },
    async delete(key) {
      checkKey(key);
      await rm(fileOf(key), { force: true });
    },
    async close() {},
  };
}

type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

/** An S3 bucket, or any S3-compatible server (MinIO, R2, s3rver in the tests) through the AWS SDK. */
export function s3Storage(options: S3Options): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's newer default trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = options.bucket;
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      checkKey(key, contentType);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      checkKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return {
          body: out.Body as Readable,
          contentType: out.ContentType ?? (contentTypeOf(key) as string),
          length: out.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      checkKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async close() {
      client.destroy();
    },
  };
}

/** S3 when S3_BUCKET is set, otherwise DATA_DIR/uploads. */
export function storageFromEnv(env: Env): Storage {
  if (!env.S3_BUCKET) return localStorage(path.join(env.DATA_DIR, "uploads"));
  return s3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}

/** Reads a stored object whole (share-card sources and tests; pictures are streamed to browsers instead). */
export async function readAll(object: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
