import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import SummaryLineReporter from "./test/support/summary-line-reporter";

export default defineConfig({
  resolve: {
    alias: { "@rules": fileURLToPath(new URL("./src/rules", import.meta.url)) },
  },
  test: {
    globals: true,
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "scripts/**/*.test.ts"],
    reporters: ["default", new SummaryLineReporter()],
    benchmark: { include: ["bench/**/*.bench.ts"] },
    testTimeout: 60_000,
  },
});
