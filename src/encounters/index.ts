import { registerApi } from "../api/system-api";
import { onDemand } from "../on-demand";
import type { PlaceOptions } from "./place";

/**
 * Ready-made encounters: `game.system.api.encounters` and the "place on the
 * scene" links of the compendium journal (`@FangsEncounter[id]{label}` in a
 * page's text), registered by one call in src/fangs.ts. The table and the
 * placing code (place.ts) are a lazy chunk of their own, loaded on the first
 * place or list, whatever ruleset the world plays; `CONFIG.FANGS.encounters`
 * starts empty, for modules to add encounters to (see table.ts).
 */

const loadPlacing = onDemand(() => import("./place"));

export const encountersApi = Object.freeze({
  /** Places the encounter of that id on the viewed scene (GM only). */
  place: async (id: string, options?: PlaceOptions) => (await loadPlacing()).placeEncounter(id, options),
  /** Every encounter a GM may place, the system's and the modules'. */
  list: async () => (await loadPlacing()).listEncounters(),
});

const LINK_CLASS = "fangs-encounter-place";

export function registerEncounters(): void {
  registerApi("encounters", encountersApi);
  CONFIG.TextEditor.enrichers.push({
    pattern: /@FangsEncounter\[([a-z0-9-]+)\]\{([^}]+)\}/g,
    enricher: async (match) => {
      const link = document.createElement("a");
      link.className = LINK_CLASS;
      link.dataset.encounter = match[1]!;
      link.innerHTML = '<i class="fa-solid fa-location-dot"></i> ';
      link.append(match[2]!);
      return link;
    },
  });
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest?.(`a.${LINK_CLASS}`) as HTMLElement | null;
    if (!link?.dataset.encounter) return;
    event.preventDefault();
    void encountersApi.place(link.dataset.encounter).catch(() => undefined);
  });
}
