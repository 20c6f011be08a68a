// The official CLI ships JavaScript without types; these are the two calls the build tests make.
declare module "@foundryvtt/foundryvtt-cli" {
  export function compilePack(
    src: string,
    dest: string,
    options?: { log?: boolean; recursive?: boolean },
  ): Promise<void>;
  export function extractPack(
    src: string,
    dest: string,
    options?: { log?: boolean; clean?: boolean },
  ): Promise<void>;
}
