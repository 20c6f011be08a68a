export function relativeImports(code: string): { static: string[]; dynamic: string[] };
export function moduleGraph(
  dir: string,
  entry: string,
): { startup: string[]; lazy: string[]; missing: string[] };
