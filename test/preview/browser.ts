import { existsSync } from "node:fs";

/**
 * Where the screenshot tests find a Chromium or Chrome: FANGS_CHROMIUM (or
 * CHROME_PATH) when set, else the usual install places on Linux, macOS and
 * Windows. Never a downloaded browser: the test drives one that is installed.
 */
export const BROWSER_PLACES: readonly string[] = Object.freeze([
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe",
  "C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe",
  "C:\\Program Files\\Chromium\\Application\\chrome.exe",
]);

export function findBrowser(
  env: Readonly<Record<string, string | undefined>> = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  const named = env.FANGS_CHROMIUM ?? env.CHROME_PATH;
  if (named) {
    if (exists(named)) return named;
    throw new Error(`FANGS_CHROMIUM/CHROME_PATH names ${named}, which does not exist.`);
  }
  const found = BROWSER_PLACES.find((place) => exists(place));
  if (found) return found;
  throw new Error(
    "The screenshot tests need Chromium or Google Chrome and found neither. Install one " +
      "(Debian/Ubuntu: apt-get install chromium; macOS: brew install --cask chromium; " +
      "Windows: Google Chrome), or set FANGS_CHROMIUM to the browser's executable.",
  );
}
