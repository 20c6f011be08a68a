import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * Library mode: Foundry loads exactly one ES module named in system.json
 * (`esmodules: ["fangs.js"]`), so everything is bundled into dist/fangs.js.
 * The other files of the system folder (system.json, templates, lang,
 * styles, assets, packs) are put in place by scripts/build.mjs.
 */
export default defineConfig({
  // Static files are copied by the build script, which knows the manifest.
  publicDir: false,
  resolve: {
    alias: { "@rules": fileURLToPath(new URL("./src/rules", import.meta.url)) },
  },
  build: {
    outDir: "dist",
    // The build script cleans dist once, before vite runs and before packs are compiled.
    emptyOutDir: false,
    target: "es2022",
    // Library mode keeps whitespace in ES output; the output option below minifies fully.
    minify: true,
    // Foundry serves the map beside the module, so stack traces point into src/.
    sourcemap: true,
    reportCompressedSize: false,
    lib: {
      entry: fileURLToPath(new URL("./src/fangs.ts", import.meta.url)),
      formats: ["es"],
      fileName: () => "fangs.js",
    },
    rolldownOptions: {
      // Foundry's globals (foundry, game, CONFIG, Hooks) are not imports, so nothing is external.
      output: { codeSplitting: false, minify: true },
    },
  },
});
