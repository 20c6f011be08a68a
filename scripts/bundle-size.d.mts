export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}
export interface BundleSize {
  entry: FileSize;
  startup: { files: FileSize[]; bytes: number; gzip: number };
  lazy: { files: FileSize[]; bytes: number; gzip: number };
  total: { bytes: number; gzip: number };
}
export const BUNDLE_BUDGET: { entry: number; startup: number };
export function bundleSize(dist?: string): BundleSize;
export function formatBundleSize(size: BundleSize): string;
export function unsplitReference(root?: string): Promise<FileSize>;
export function startupSources(dist?: string): { source: string; bytes: number }[];
