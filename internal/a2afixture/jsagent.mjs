// jsagent.mjs: a real A2A server built with @a2a-js/sdk's Express
// handlers (JSON-RPC at /jsonrpc, HTTP+JSON at /rest) on 127.0.0.1, for
// the tests that talk to a real a2a-js server (a2afixture.JSAgent starts
// it: core/probe's claims tests, core/sdk's server claims). argv[2] is the
// JSON of the capabilities the server itself offers; the test's card may
// claim more.
// It prints its port on the first line of standard output and serves
// until it is killed or its standard input closes.
import express from "express";
import { DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { jsonRpcHandler, restHandler, UserBuilder } from "@a2a-js/sdk/server/express";

const caps = JSON.parse(process.argv[2] || "{}");
const app = express();
const server = app.listen(0, "127.0.0.1", () => {
  const base = `http://127.0.0.1:${server.address().port}`;
  const card = {
    name: "a2a-js claims fixture",
    description: "An agent that is never asked to work.",
    version: "1.0.0",
    supportedInterfaces: [
      { url: `${base}/jsonrpc`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url: `${base}/rest`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
    ],
    capabilities: caps,
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "S", description: "Does nothing.", tags: ["t"] }],
  };
  const executor = {
    async execute(_ctx, bus) { bus.finished(); },
    async cancelTask(_id, bus) { bus.finished(); },
  };
  const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  const userBuilder = UserBuilder.noAuthentication;
  app.use("/jsonrpc", jsonRpcHandler({ requestHandler, userBuilder }));
  app.use("/rest", restHandler({ requestHandler, userBuilder }));
  process.stdout.write(`${server.address().port}\n`);
});
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
