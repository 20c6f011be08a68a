export type DevChange =
  | { kind: "code" }
  | { kind: "static"; file: string }
  | { kind: "manifest" }
  | { kind: "packs" };
export function startDev(options?: {
  root?: string;
  outDir?: string;
  onChange?: (change: DevChange) => void;
}): Promise<{ outDir: string; stop: () => Promise<void> }>;
