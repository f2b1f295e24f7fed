import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // PADDOCK_BUILD_DIR lets parallel checkouts (or test runs) build side by side.
  buildDirectory: process.env.PADDOCK_BUILD_DIR ?? "build",
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
