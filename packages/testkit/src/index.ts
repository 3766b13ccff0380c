export { ensureChromium, launchChromium } from "./chromium.js";
