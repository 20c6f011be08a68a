import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { RulesError } from "../../rules/kernel/errors";
import { createLocalizer, type Localizer } from "../i18n";
import { SimError } from "../sim-error";

/**
 * Shared by the Node entries (built into build/sim/<hash>/ by
 * src/sim/node/build-sim.mjs): where the project is, its language file, and
 * how a refusal becomes a message and an exit code.
 */
export function projectRoot(): string {
  // The built entries live in build/sim/<hash>/; the sources in src/sim/node/. Both are three levels down.
  return process.env.FANGS_ROOT ?? resolve(fileURLToPath(import.meta.url), "../../../..");
}

export function loadLocalizer(root: string): Localizer {
  const path = join(root, "lang/en.json");
  try {
    return createLocalizer(JSON.parse(readFileSync(path, "utf8")));
  } catch {
    // Without the language file the keys themselves are printed: ugly, but never wrong.
    return createLocalizer({});
  }
}

/** Exit codes: 2 for bad input (unknown fighter, bad option, bad file), 1 for anything unexpected. */
export async function runMain(main: () => Promise<void> | void): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof SimError || error instanceof RulesError) {
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`unexpected error: ${(error as Error)?.stack ?? String(error)}\n`);
      process.exitCode = 1;
    }
  }
}

/** A one-line progress bar on stderr, drawn only on a terminal and at most every 100 ms. */
export function progressBar(total: number, label: string): { update(done: number): void; end(): void } {
  const tty = process.stderr.isTTY === true;
  let last = 0;
  const draw = (done: number): void => {
    const width = 30;
    const filled = Math.round((done / total) * width);
    const percent = ((100 * done) / total).toFixed(0).padStart(3);
    process.stderr.write(
      `\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${percent}% ${done.toLocaleString("en")}/${total.toLocaleString("en")}`,
    );
  };
  return {
    update(done) {
      if (!tty) return;
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      draw(done);
    },
    end() {
      if (tty) process.stderr.write("\r\x1b[2K");
    },
  };
}
