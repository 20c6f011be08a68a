import { onDemand } from "../../on-demand";

/**
 * The GM damage tool (damage-tool.ts: its dialog, Apply and Undo), loaded
 * on first use, whatever ruleset the world plays: it is shared, and asks
 * the world's and each actor's ruleset through their definitions. The
 * loader is made on the first call, not on import.
 */
let loader: (() => Promise<typeof import("./damage-tool")>) | undefined;

export function loadGmDamageTool(): Promise<typeof import("./damage-tool")> {
  loader ??= onDemand(() => import("./damage-tool"));
  return loader();
}
