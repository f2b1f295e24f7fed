// zod as the browser may run it: every module that can reach the browser takes `z` from here, not from "zod"
// (biome.json refuses the bare import there). The CSP allows no eval, and zod's faster parser would first try
// `new Function` and the browser would report it, so schemas are built jitless. Configuring it here rather than in
// the root route keeps zod out of the first load of pages that build no schema.
import { z } from "zod";

z.config({ jitless: true });

export { z };
