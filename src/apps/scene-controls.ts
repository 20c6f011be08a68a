/**
 * A GM-only button in the token controls (Encounter odds, the GM's damage
 * and healing). One place for the v13 hook's shape, which the types do not
 * list: controls keyed by name, each with its tools keyed by name.
 */
export interface TokenTool {
  readonly name: string;
  /** A lang key. */
  readonly title: string;
  readonly icon: string;
  readonly order: number;
  readonly onChange: () => void;
}

export function registerGmTokenTool(tool: TokenTool): void {
  // Untyped: the types do not list this v13 hook. Bound: a static method may use `this`.
  const onUntypedHook = Hooks.on.bind(Hooks) as unknown as (
    hook: string,
    fn: (controls: unknown) => void,
  ) => number;
  onUntypedHook("getSceneControlButtons", (controls) => {
    const tokens = (controls as Record<string, { tools: Record<string, unknown> } | undefined>).tokens;
    if (!tokens || !game.user?.isGM) return;
    tokens.tools[tool.name] = { ...tool, button: true, visible: true };
  });
}
