// jsecho.mjs: a real A2A server built with @a2a-js/sdk's Express handlers
// (JSON-RPC at /jsonrpc, HTTP+JSON at /rest) on 127.0.0.1 whose executor
// echoes each message, for the conversation tests (converse_node_test.go):
// a task that is submitted, works, gets an artifact "echo" and completes
// with "echo: TEXT". It prints its port on the first line of standard
// output and serves until its standard input closes.
import express from "express";
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { jsonRpcHandler, restHandler, UserBuilder } from "@a2a-js/sdk/server/express";

const TASK_STATE_SUBMITTED = 1, TASK_STATE_WORKING = 2, TASK_STATE_COMPLETED = 3, TASK_STATE_CANCELED = 5;
const ROLE_AGENT = 2;

const app = express();
const server = app.listen(0, "127.0.0.1", () => {
  const base = `http://127.0.0.1:${server.address().port}`;
  const card = {
    name: "a2a-js echo fixture",
    description: "An agent that says back what it is told.",
    version: "1.0.0",
    supportedInterfaces: [
      { url: `${base}/jsonrpc`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url: `${base}/rest`, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
    ],
    capabilities: { streaming: true },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "echo", name: "Echo", description: "Says it back.", tags: ["echo"] }],
  };
  const text = (m) => (m?.parts || []).map((p) => (p.content?.$case === "text" ? p.content.value : "")).join("");
  const say = (ctx, s) => ({
    messageId: `m-${Math.random().toString(16).slice(2)}`, contextId: ctx.contextId, taskId: ctx.taskId,
    role: ROLE_AGENT, parts: [{ content: { $case: "text", value: s } }], metadata: undefined, extensions: [], referenceTaskIds: [],
  });
  const status = (ctx, state, message) => ({
    taskId: ctx.taskId, contextId: ctx.contextId, metadata: undefined,
    status: { state, message, timestamp: new Date().toISOString() },
  });
  const executor = {
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
  const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  const userBuilder = UserBuilder.noAuthentication;
  app.use("/jsonrpc", jsonRpcHandler({ requestHandler, userBuilder }));
  app.use("/rest", restHandler({ requestHandler, userBuilder }));
  process.stdout.write(`${server.address().port}\n`);
});
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
