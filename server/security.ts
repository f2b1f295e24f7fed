import { randomFillSync } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";

const NONCE_BYTES = 16;
/** Nonces drawn at a time: one call into the system's random source for 256 responses rather than one each. */
const NONCE_POOL = 256;

/**
 * A source of CSP nonces: 16 bytes each from the cryptographic random source, read into a pool in batches. Each
 * nonce is used once and the pool is refilled before any byte could be handed out twice.
 */
export function nonceSource(): () => string {
  const pool = Buffer.alloc(NONCE_BYTES * NONCE_POOL);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      randomFillSync(pool);
      next = 0;
    }
    const nonce = pool.toString("base64", next, next + NONCE_BYTES);
    next += NONCE_BYTES;
    return nonce;
  };
}

/**
 * The Content-Security-Policy, given what may run as script: a fresh nonce (pages rendered for one request) or the
 * hashes of a cached page's inline scripts (ADR 019). Everything else is the same for every page.
 */
function contentSecurityPolicy(scriptSrc: string, formActions: string) {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action ${formActions}`,
    "object-src 'none'",
  ].join("; ");
}

/** Puts the policy for a page served from the cache: only its own inline scripts (by hash) and our script files. */
export type ScriptHashPolicy = (hashes: readonly string[]) => string;

/** The security middleware, and the same headers for a page the cache answers before the middleware chain. */
export type SecurityHeaders = ((req: Request, res: Response, next: NextFunction) => void) & {
  /** Sets every header the middleware would, with the policy naming the page's inline scripts by hash. */
  forCachedPage(res: ServerResponse, scriptHashes: readonly string[]): void;
};

/**
 * Security headers, with a fresh CSP nonce per response for the few inline scripts (theme, hydration). A page
 * served from the shared cache swaps the policy for one naming its inline scripts' hashes
 * (res.locals.scriptHashPolicy, or forCachedPage before the chain).
 */
export function securityHeaders(options: {
  development: boolean;
  extraFormActions?: string[];
  https?: boolean;
}): SecurityHeaders {
  const formActions = ["'self'", ...(options.extraFormActions ?? [])].join(" ");
  // A cached page keeps one array of hashes for its life, so its policy is built once, not on every hit.
  const policies = new WeakMap<readonly string[], string>();
  const scriptHashPolicy: ScriptHashPolicy = (hashes) => {
    let policy = policies.get(hashes);
    if (policy === undefined) {
      policy = contentSecurityPolicy(["'self'", ...hashes.map((hash) => `'${hash}'`)].join(" "), formActions);
      policies.set(hashes, policy);
    }
    return policy;
  };
  const sameForEveryPage = (res: ServerResponse) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    // Served over HTTPS (BASE_URL says so): browsers must never fall back to plain HTTP for a year.
    if (options.https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
  const newNonce = nonceSource();
  const middleware = (_req: Request, res: Response, next: NextFunction) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    sameForEveryPage(res);
    if (!options.development) {
      res.locals.scriptHashPolicy = scriptHashPolicy;
      res.setHeader(
        "Content-Security-Policy",
        contentSecurityPolicy(`'self' 'nonce-${nonce}' 'strict-dynamic'`, formActions),
      );
    }
    next();
  };
  return Object.assign(middleware, {
    forCachedPage(res: ServerResponse, scriptHashes: readonly string[]) {
      sameForEveryPage(res);
      if (!options.development) res.setHeader("Content-Security-Policy", scriptHashPolicy(scriptHashes));
    },
  });
}
