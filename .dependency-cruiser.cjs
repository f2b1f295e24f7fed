// The house's arrows (README, "Map"): `npm run lint` fails when an import breaks them.
const AREAS = "(catalogue|accounts|checkout|protection|engagement|admin|draws|postal|marketing|recovery|domains|demo)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "No import circles.", from: {}, to: { circular: true } },
    {
      name: "pure-layers-stay-pure",
      severity: "error",
      comment: "domain/, schemas/, content/ and db/constants are imported by the browser: no server code, no I/O.",
      from: { path: "^app/(domain|schemas|content)/|^app/db/constants" },
      to: { path: "^app/(server|routes|components)/|\\.server\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "rules-own-their-figures",
      severity: "error",
      comment:
        "Rules and the figures they decide by live in domain/; content/ (wording) reads them, never the reverse.",
      from: { path: "^app/domain/" },
      to: { path: "^app/content/" },
    },
    {
      name: "tables-below-rules",
      severity: "error",
      comment: "db/ (tables, client-safe constants) sits under domain/: rules may read its constants, not the reverse.",
      from: { path: "^app/db/" },
      to: { path: "^app/domain/" },
    },
    {
      name: "platform-knows-no-area",
      severity: "error",
      comment:
        "The platform (database, mail, auth adapter, payments adapter, jobs) serves the areas and never imports one.",
      from: { path: "^app/server/platform/" },
      to: { path: `^app/server/${AREAS}/` },
    },
    {
      name: "areas-below-routes",
      severity: "error",
      comment: "Use-cases never import route modules or React components.",
      from: { path: "^app/server/" },
      to: { path: "^app/(routes|components)/" },
    },
    {
      name: "leaf-areas",
      severity: "error",
      comment:
        "Protection, catalogue and engagement depend on the platform only (accounts and checkout build on them).",
      from: { path: "^app/server/(protection|catalogue|engagement)/" },
      to: { path: `^app/server/${AREAS}/`, pathNot: "^app/server/$1/" },
    },
    {
      name: "accounts-below-checkout",
      severity: "error",
      comment:
        "Checkout builds on accounts; accounts never reach into checkout, except for the one order-lines query " +
        "(the account's orders list them as checkout and admin do).",
      from: { path: "^app/server/accounts/" },
      to: { path: "^app/server/checkout/", pathNot: "^app/server/checkout/order-lines\\.server\\.ts$" },
    },
    {
      name: "draws-below-admin",
      severity: "error",
      comment:
        "Draws build on the platform, write the audit log and read postal outcomes for the manifest's counts; " +
        "admin (the lifecycle job) calls into them.",
      from: { path: "^app/server/draws/" },
      to: {
        path: `^app/server/${AREAS}/`,
        pathNot: "^app/server/(draws/|admin/audit\\.server\\.ts$|postal/postal-entries\\.server\\.ts$)",
      },
    },
    {
      name: "recovery-on-top",
      severity: "error",
      comment:
        "Recovery builds on checkout (the basket), engagement (the newsletter's one-click opt-out), accounts and " +
        "admin's audit log; no other area reaches into it (routes and the server's jobs do).",
      from: { path: "^app/server/", pathNot: "^app/server/recovery/" },
      to: { path: "^app/server/recovery/" },
    },
    {
      name: "recovery-uses-few-areas",
      severity: "error",
      comment: "Recovery uses the platform, checkout, engagement, accounts and admin's audit log only.",
      from: { path: "^app/server/recovery/" },
      to: {
        path: `^app/server/${AREAS}/`,
        pathNot: "^app/server/(recovery|checkout|engagement|accounts)/|^app/server/admin/audit\\.server\\.ts$",
      },
    },
    {
      name: "marketing-beside-engagement",
      severity: "error",
      comment:
        "Campaigns build on the platform (outbox, consent ledger, jobs), write the audit log and serve their " +
        "unsubscribe links through the newsletter's one withdrawal.",
      from: { path: "^app/server/marketing/" },
      to: {
        path: `^app/server/${AREAS}/`,
        pathNot: "^app/server/(marketing/|admin/audit\\.server\\.ts$|engagement/newsletter\\.server\\.ts$)",
      },
    },
    {
      name: "draw-verifier-stands-alone",
      severity: "error",
      comment: "The command-line verifier uses no Paddock server code: only the pure draw rules (and noble, zod).",
      from: { path: "^scripts/verify-draw\\.ts$" },
      to: { path: "^app/", pathNot: "^app/domain/draw/" },
    },
    {
      name: "payment-stand-in-loaded-on-demand",
      severity: "error",
      comment:
        "The Stripe stand-in (server/stand-ins/payments/) is imported only by server/payments.ts, and only with " +
        "import(), so a deployment with STRIPE_SECRET_KEY never loads its code (type-only imports are erased).",
      from: { pathNot: "^server/stand-ins/payments/" },
      to: { path: "^server/stand-ins/payments/", dependencyTypesNot: ["dynamic-import", "type-only"] },
    },
    {
      name: "payment-stand-in-stands-apart",
      severity: "error",
      comment:
        "The stand-in plays Stripe: it uses the database, the logger and pure helpers, never an area's use-cases " +
        "or the rest of the Express entry.",
      from: { path: "^server/stand-ins/payments/" },
      to: { path: `^app/server/${AREAS}/|^app/routes/|^server/(?!stand-ins/payments/)` },
    },
    {
      name: "client-never-imports-server",
      severity: "error",
      comment: "Components and hooks run in the browser: no .server modules.",
      from: { path: "^app/(components|lib)/" },
      to: { path: "^app/server/|\\.server\\.ts$", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
