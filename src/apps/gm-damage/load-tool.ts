import { onDemand } from "../../on-demand";

/**
 * The GM damage tool (damage-tool.ts: its dialog, Apply and Undo), loaded
 * on first use, whatever ruleset the world plays: it is shared, and asks
 * the world's and each actor's ruleset through their definitions.
 */
export const loadGmDamageTool = onDemand(() => import("./damage-tool"));
