import type { OptionsWindowSpec } from "./options-view";

/**
 * What a ruleset's settings menu registers (its definition's
 * `options.menu.type`): Foundry constructs it and renders it; it loads the
 * ruleset's options window (its heavy part) and renders that, or brings an
 * open one forward so a GM's unsaved edits stay.
 */
export function optionsLauncher(load: () => Promise<OptionsWindowSpec>) {
  let opening: Promise<unknown> | null = null;
  const open = async () => {
    const spec = await load();
    const shown = foundry.applications.instances.get(spec.id);
    if (shown) {
      shown.bringToFront();
      return;
    }
    const { optionsWindowClass } = await import("./options-window");
    const Window = optionsWindowClass(spec);
    await new Window().render({ force: true });
  };
  return class RulesetOptionsLauncher extends foundry.applications.api.ApplicationV2 {
    override async render(): Promise<this> {
      opening ??= open().finally(() => {
        opening = null;
      });
      await opening;
      return this;
    }
  };
}
