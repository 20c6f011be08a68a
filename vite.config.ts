import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * Library mode: Foundry loads the one ES module named in system.json
 * (`esmodules: ["fangs.js"]`), dist/fangs.js. Everything it imports
 * statically goes to one chunk, dist/chunks/startup-<hash>.js (the group
 * below), so start-up is two requests. Code reached only through a dynamic
 * `import()` (src/on-demand.ts: each ruleset's heavy part, the world
 * migration, the Quench batches) is split into chunks,
 * dist/chunks/<name>-<hash>.js, which the browser loads from the system
 * folder by their relative path when first asked for; modules only lazy
 * chunks share stay out of start-up. The other files of the system
 * folder (system.json, templates, lang, styles, assets, packs) are put in
 * place by scripts/build.mjs; scripts/bundle-size.mjs reports the sizes.
 */
const ENTRY = fileURLToPath(new URL("./src/fangs.ts", import.meta.url));

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
      entry: ENTRY,
      formats: ["es"],
      fileName: () => "fangs.js",
    },
    rolldownOptions: {
      // Foundry's globals (foundry, game, CONFIG, Hooks) are not imports, so nothing is external.
      output: {
        // Everything the entry imports statically goes to one chunk (one request at start-up),
        // whatever the lazy chunks share with it; the entry module itself stays in fangs.js.
        codeSplitting: { groups: [{ name: "startup", tags: ["$initial"], test: (id) => id !== ENTRY }] },
        chunkFileNames: "chunks/[name]-[hash].js",
        minify: true,
      },
    },
  },
});
