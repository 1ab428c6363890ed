// server.mjs: Express serving agent-card.json from this folder.
//   npm install express && node server.mjs    (PORT, default 8080)
// Run it behind the HTTPS proxy or platform that holds your certificate.
import express from "express";
import { fileURLToPath } from "node:url";

const CARD = fileURLToPath(new URL("./agent-card.json", import.meta.url));
const PATH = "/.well-known/agent-card.json";
const HEADERS = {
  "Cache-Control": "public, max-age=300",
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "A2A-Version",
};

const app = express();
// The preflight a browser sends before a GET with A2A-Version.
app.options(PATH, (req, res) => {
  res.set(HEADERS).sendStatus(204);
});
app.get(PATH, (req, res) => {
  // sendFile sends ETag and Last-Modified and answers If-None-Match and
  // If-Modified-Since with 304.
  res.set(HEADERS).type("application/json").sendFile(CARD);
});
app.listen(Number(process.env.PORT) || 8080, process.env.HOST);
