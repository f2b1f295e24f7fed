import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's built-in account. */
export const S3RVER_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export type LocalS3 = { endpoint: string; bucket: string; directory: string; close(): Promise<void> };

/** A local S3-compatible server on 127.0.0.1 (any free port) with one empty bucket, kept in a temporary folder. */
export async function startLocalS3(bucket = "paddock-test"): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "paddock-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
