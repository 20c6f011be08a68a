export const README_SCREENSHOTS: readonly string[];
export const SCREENSHOT_DIR: string;
export function screenshotFile(id: string): string;
export function copyScreenshots(options: { from: string; to?: string; ids?: readonly string[] }): string[];
