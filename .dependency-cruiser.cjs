// The layers of README's "How it is built", checked by `npm run lint` (depcruise).
// Web: app → features → shared (api, components, lib, config, utils); no feature imports another.
// Server: route-tables → domains → data / connectors / platform; jobs → domains' services;
// contract imports nothing of Node or of the server; emulators import the contract only.

/** A web feature folder, captured so a rule can say "another feature". */
const FEATURE = "^web/src/features/([^/]+)/";
const WEB_SHARED = "^web/src/(api|components|lib|config|utils)/";
/** Tests may reach across (a shared module's test may use a feature's fetcher as its example). */
const TESTS = "(/__tests__/|\\.test\\.tsx?$)";
const SERVER = "^functions/src/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other (directly or through others) load in an order nobody chose.",
      from: { path: "^(functions/src|web/src|emulators/src)/" },
      to: { circular: true, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "feature-not-to-feature",
      severity: "error",
      comment:
        "A web feature does not import another feature: what two features use lives in web/src/api, components or lib, and a page (web/src/app) composes features.",
      from: { path: FEATURE },
      to: { path: "^web/src/features/([^/]+)/", pathNot: "^web/src/features/$1/" },
    },
    {
      name: "features-not-to-app",
      severity: "error",
      comment: "Features are composed by the app's pages; a feature does not reach back into web/src/app.",
      from: { path: FEATURE },
      to: { path: "^web/src/app/" },
    },
    {
      name: "shared-not-to-features-or-app",
      severity: "error",
      comment:
        "Shared web code (api, components, lib, config, utils) is used by features and pages, never the other way round.",
      from: { path: WEB_SHARED, pathNot: TESTS },
      to: { path: "^web/src/(features|app)/" },
    },
    {
      name: "web-only-contract-of-server",
      severity: "error",
      comment: "The browser bundle reaches the server's code only through the contract (@contract/*).",
      from: { path: "^web/" },
      to: { path: SERVER, pathNot: "^functions/src/contract/" },
    },
    {
      name: "contract-pure",
      severity: "error",
      comment:
        "The contract is loaded by the browser: no Node built-ins, no server code (connectors, data, platform, domains, jobs).",
      from: { path: "^functions/src/contract/" },
      to: {
        path: [SERVER, "^web/", "^emulators/"],
        pathNot: "^functions/src/contract/",
      },
    },
    {
      name: "contract-no-node",
      severity: "error",
      comment: "The contract is loaded by the browser: no Node built-ins.",
      from: { path: "^functions/src/contract/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "emulators-only-contract",
      severity: "error",
      comment:
        "Sandboxes speak the real systems' protocols and the seed writes what they hold; of the portal they know the contract only.",
      from: { path: "^emulators/" },
      to: { path: SERVER, pathNot: "^functions/src/contract/" },
    },
    {
      name: "domains-not-to-tables-or-jobs",
      severity: "error",
      comment: "Domains are served by route-tables and run by jobs; they do not import either.",
      from: { path: "^functions/src/domains/" },
      to: { path: "^functions/src/(route-tables|jobs|registry\\.ts|route-loaders\\.ts|index\\.ts)" },
    },
    {
      name: "routes-stay-in-their-capability",
      severity: "error",
      comment:
        "A *.routes.ts file is imported by its own capability folder and the route tables only; logic another capability needs goes in a *.service.ts.",
      from: { path: "^functions/src/domains/([^/]+)/" },
      to: { path: "^functions/src/domains/([^/]+)/[^/]+\\.routes\\.ts$", pathNot: "^functions/src/domains/$1/" },
    },
    {
      name: "jobs-only-services",
      severity: "error",
      comment: "A job runs a domain's service; it never imports route files.",
      from: { path: "^functions/src/jobs/" },
      to: { path: "^functions/src/domains/", pathNot: "\\.service\\.ts$" },
    },
    {
      name: "lower-layers-not-to-domains",
      severity: "error",
      comment: "data, connectors and platform serve the domains and never import them (nor jobs or route tables).",
      from: { path: "^functions/src/(data|connectors|platform)/" },
      to: { path: "^functions/src/(domains|jobs|route-tables)/" },
    },
    {
      name: "data-not-to-connectors-or-http",
      severity: "error",
      comment:
        "functions/src/data reaches Firestore only; it uses platform's base (firebase, collections, errors), not the HTTP dispatcher or the connectors.",
      from: { path: "^functions/src/data/" },
      to: { path: ["^functions/src/connectors/", "^functions/src/platform/http/"] },
    },
    {
      name: "platform-base-not-to-data",
      severity: "error",
      comment:
        "platform's base (firebase, collections, cache, errors, logger) sits below data; only the HTTP dispatcher (platform/http, above data) reads users, memberships and throttles.",
      from: { path: "^functions/src/platform/", pathNot: "^functions/src/platform/http/" },
      to: { path: "^functions/src/data/" },
    },
    {
      name: "connectors-not-to-data",
      severity: "error",
      comment: "A connector speaks to one external system; what the portal stores is the domains' business.",
      from: { path: "^functions/src/connectors/" },
      to: { path: "^functions/src/(data|platform/http)/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that resolves to nothing (Vite's virtual modules, made by web/locale-texts.ts, excepted).",
      from: {},
      to: { couldNotResolve: true, pathNot: "^virtual:" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "(^|/)dist/", "^functions/lib/", "\\.d\\.ts$"] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
