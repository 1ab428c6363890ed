// The playground's module. It only waits: for boot.js (the page's head
// script, which started the engine's worker) and for that worker's script
// to run (at most half a second): the browser starts a worker in turns of
// the page's main thread, which evaluating CodeMirror would hold for
// hundreds of milliseconds on a phone. Then it loads the playground itself
// (playground.js, its chunks preloaded from the head meanwhile).
function bootReady() {
  if (globalThis.agentcardBoot) return Promise.resolve(globalThis.agentcardBoot);
  return new Promise((resolve) => addEventListener("agentcard-boot", () => resolve(globalThis.agentcardBoot), { once: true }));
}

bootReady()
  .then((boot) => boot.engine.running(500))
  .then(() => import("./playground.js"));
