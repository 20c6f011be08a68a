/**
 * `npm run preview`: renders every sheet and chat card with sample data, the
 * system's CSS and real Handlebars into static pages under build/preview/
 * (open build/preview/index.html). No Foundry needed. The renderer is
 * TypeScript (test/preview/render.ts), loaded through vite's module runner.
 * Screenshots of the pages: `npx vitest run test/preview`.
 */
import path from "node:path";
import { runnerImport } from "vite";
import { ROOT } from "./lib/manifest.mjs";

try {
  const { module } = await runnerImport(path.join(ROOT, "test/preview/render.ts"), {
    root: ROOT,
    configFile: false,
    logLevel: "warn",
  });
  const result = module.renderPreview();
  console.log(
    `Rendered ${result.pages.length} pages into ${path.relative(process.cwd(), result.outDir) || "."}`,
  );
  console.log(`  open ${path.relative(process.cwd(), result.index)}`);
  for (const template of result.unrendered) console.log(`  no page renders ${template}`);
  for (const key of result.missingKeys) console.log(`  en.json lacks ${key}`);
} catch (error) {
  console.error(`Preview failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
}
