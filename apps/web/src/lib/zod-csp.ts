// Our pages forbid eval (CSP without 'unsafe-eval'). Zod probes for eval with `new Function` on its
// first parse, and even though it catches the failure the browser logs a CSP violation (Lighthouse
// best-practices). Zod reads this global config when it loads, so we set it without importing zod
// here and keep zod out of the shell's bundle.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };
const holder = globalThis as ZodGlobal;
(holder.__zod_globalConfig ??= {}).jitless = true;
