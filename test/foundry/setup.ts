/**
 * Test setup for the Foundry layer: installs the stand-in (test/foundry/
 * stand-in/) as Foundry's globals, then configures it as the system's
 * `init` hook does. Import it first, as a bare import, in every test of the
 * Foundry layer:
 *
 *   import "../../test/foundry/setup";
 *   import { standIn, resetWorld } from "../../test/foundry/setup";
 *
 * It is not a global vitest setup file: the rules core's tests run without
 * any Foundry global.
 */
import "./install";
import {
  configureDocuments,
  configureStatusEffects,
  configureTypeLabels,
} from "../../src/config/document-classes";
import { registerFangsConfig } from "../../src/config/fangs-config";
import { registerSettings } from "../../src/config/settings";
import { standIn } from "./install";

registerFangsConfig();
configureDocuments();
configureTypeLabels();
configureStatusEffects();
registerSettings();

export { standIn };

/**
 * Empties the world collections (actors, items, scenes, packs), the
 * settings' values and the recorded notifications between tests; the code
 * runs on the active GM's client again.
 */
export function resetWorld(): void {
  standIn.game.actors.clear();
  standIn.game.settings.clearValues();
  standIn.game.items.clear();
  standIn.game.scenes.clear();
  standIn.game.packs.clear();
  standIn.game.folders.clear();
  standIn.ui.notifications.clear();
  standIn.game.time.worldTime = 0;
  for (const user of standIn.game.users) user.active = true;
  standIn.as(standIn.users.gm);
}
