// jsagent.mjs: a real A2A server built with @a2a-js/sdk's Express
// handlers (JSON-RPC at /jsonrpc, HTTP+JSON at /rest) on 127.0.0.1, for
// the tests that talk to a real a2a-js server (a2afixture.JSAgent and
// JSEcho start it). argv[2] is the JSON of the capabilities the server
// itself offers (the test's card may claim more); argv[3] "echo" gives it
// an executor that echoes each message (a task that is submitted, works,
// gets an artifact "echo" and completes with "echo: TEXT"), for the
// conversation tests; otherwise it is never asked to work.
// It prints its port on the first line of standard output and serves
// until it is killed or its standard input closes.
import express from "express";
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { jsonRpcHandler, restHandler, UserBuilder } from "@a2a-js/sdk/server/express";

const caps = JSON.parse(process.argv[2] || "{}");
const echo = process.argv[3] === "echo";
const TASK_STATE_SUBMITTED = 1, TASK_STATE_WORKING = 2, TASK_STATE_COMPLETED = 3, TASK_STATE_CANCELED = 5;
const ROLE_AGENT = 2;

const text = (m) => (m?.parts || []).map((p) => (p.content?.$case === "text" ? p.content.value : "")).join("");
const say = (ctx, s) => ({
  messageId: `m-${Math.random().toString(16).slice(2)}`, contextId: ctx.contextId, taskId: ctx.taskId,
  role: ROLE_AGENT, parts: [{ content: { $case: "text", value: s } }], metadata: undefined, extensions: [], referenceTaskIds: [],
});
const status = (ctx, state, message) => ({
  taskId: ctx.taskId, contextId: ctx.contextId, metadata: undefined,
  status: { state, message, timestamp: new Date().toISOString() },
});

const idle = {
  async execute(_ctx, bus) { bus.finished(); },
  async cancelTask(_id, bus) { bus.finished(); },
};
const echoing = {
  async execute(ctx, bus) {
    const said = "echo: " + text(ctx.userMessage);
    if (!ctx.task) {
      bus.publish(AgentEvent.task({ id: ctx.taskId, contextId: ctx.contextId, status: { state: TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() },
        artifacts: [], history: [ctx.userMessage], metadata: undefined }));
    }
    bus.publish(AgentEvent.statusUpdate(status(ctx, TASK_STATE_WORKING, undefined)));
    bus.publish(AgentEvent.artifactUpdate({ taskId: ctx.taskId, contextId: ctx.contextId, append: false, lastChunk: true, metadata: undefined,
      artifact: { artifactId: "a-echo", name: "echo", description: "", parts: [{ content: { $case: "text", value: said } }], metadata: undefined, extensions: [] } }));
    bus.publish(AgentEvent.statusUpdate(status(ctx, TASK_STATE_COMPLETED, say(ctx, said))));
    bus.finished();
  },
  async cancelTask(taskId, bus) {
    bus.publish(AgentEvent.statusUpdate({ taskId, contextId: "", metadata: undefined, status: { state: TASK_STATE_CANCELED, message: undefined, timestamp: new Date().toISOString() } }));
    bus.finished();
  },
};

const app = express();
const server = app.listen(0, "127.0.0.1", () => {
  const base = `http://127.0.0.1:${server.address().port}`;
  const card = {
    name: echo ? "a2a-js echo fixture" : "a2a-js claims fixture",
    description: echo ? "An agent that says back what it is told." : "An agent that is never asked to work.",
    version: "1.0.0",
    supportedInterfaces: [
      { url: `${base}/jsonrpc`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url: `${base}/rest`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
    ],
    capabilities: caps,
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: echo ? [{ id: "echo", name: "Echo", description: "Says it back.", tags: ["echo"] }]
      : [{ id: "s", name: "S", description: "Does nothing.", tags: ["t"] }],
  };
  const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), echo ? echoing : idle);
  const userBuilder = UserBuilder.noAuthentication;
  app.use("/jsonrpc", jsonRpcHandler({ requestHandler, userBuilder }));
  app.use("/rest", restHandler({ requestHandler, userBuilder }));
  process.stdout.write(`${server.address().port}\n`);
});
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
