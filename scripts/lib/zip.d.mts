export function listFiles(dir: string, prefix?: string): string[];
export function zipDirectory(
  dir: string,
  zipPath: string,
  replace?: Readonly<Record<string, Buffer>>,
): Promise<string[]>;
