// An MCP server for the tests: its one tool, wait, writes "started" to the file CANCEL_LOG names and
// runs until the call is cancelled; then it writes the request id and the reason it was given.
import { appendFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "slow", version: "1.0.0" });
server.registerTool("wait", { description: "Waits until the call is cancelled.", inputSchema: {} },
    async (args, extra) => new Promise((resolve) => {
        appendFileSync(process.env.CANCEL_LOG, "started\n");
        extra.signal.addEventListener("abort", () => {
            appendFileSync(process.env.CANCEL_LOG, `cancelled ${extra.requestId}: ${extra.signal.reason}\n`);
            resolve({ content: [{ type: "text", text: "stopped" }] });
        });
    }));
await server.connect(new StdioServerTransport());
