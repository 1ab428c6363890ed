// worker.js: a Cloudflare Worker that serves agent-card.json, byte for
// byte (wrangler.toml imports it as text). Deploy with `wrangler deploy`.
import card from "./agent-card.json";

const PATH = "/.well-known/agent-card.json";
const HEADERS = {
  "Cache-Control": "public, max-age=300",
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "A2A-Version",
};
let etag; // computed once per isolate

export default {
  async fetch(request) {
    if (new URL(request.url).pathname !== PATH) {
      return new Response("Not found", { status: 404 });
    }
    // The preflight a browser sends before a GET with A2A-Version.
    if (request.method === "OPTIONS") {
      return new Response(null, { status: 204, headers: HEADERS });
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response(null, { status: 405, headers: { Allow: "GET, HEAD, OPTIONS" } });
    }
    etag ??= await hashTag(card);
    const headers = { ...HEADERS, "Content-Type": "application/json", ETag: etag };
    const known = (request.headers.get("If-None-Match") || "").split(",");
    if (known.some((t) => t.trim().replace(/^W\//, "") === etag)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(request.method === "HEAD" ? null : card, { headers });
  },
};

// hashTag is a strong ETag from the card's bytes: it changes whenever
// the card does.
async function hashTag(text) {
  const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `"${[...sum.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("")}"`;
}
