// Entry for the browser page: the same checks, the environment fetched from the page's own origin, the results
// posted back there (the sandbox is on another origin: its CORS option lets the page call it).
import { checks, runChecks } from "./suite.js";

const env = await (await fetch("/env.json")).json();
const results = await runChecks(checks, env, (result) => {
  const line = document.createElement("li");
  line.textContent = `${result.ok ? "ok" : "not ok"} - ${result.name}${result.ok ? "" : `: ${result.error}`}`;
  document.getElementById("results")?.append(line);
});
await fetch("/results?runtime=chromium", {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(results),
});
