// The playground's module. It only waits: for boot.js (the page's head
// script, which started the engine's worker) and for one turn of the event
// loop, so that the browser starts that worker before the main thread is
// busy evaluating CodeMirror; then it loads the playground itself
// (playground.js, its chunks preloaded from the head meanwhile).
function bootReady() {
  if (globalThis.agentcardBoot) return Promise.resolve();
  return new Promise((resolve) => addEventListener("agentcard-boot", resolve, { once: true }));
}

bootReady()
  .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  .then(() => import("./playground.js"));
