import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** Security headers, with a fresh CSP nonce per response for the few inline scripts (theme, hydration). */
export function securityHeaders(options: { development: boolean; extraFormActions?: string[] }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    if (!options.development) {
      const formActions = ["'self'", ...(options.extraFormActions ?? [])].join(" ");
      res.setHeader(
        "Content-Security-Policy",
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob:",
          "font-src 'self'",
          "connect-src 'self'",
          "frame-ancestors 'none'",
          "base-uri 'self'",
          `form-action ${formActions}`,
          "object-src 'none'",
        ].join("; "),
      );
    }
    next();
  };
}
