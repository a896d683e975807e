/**
 * Tools the model can call, and what a running call may use. A {@link io.agentloop.api.tool.Tool}
 * (or a plain object's {@link io.agentloop.api.tool.ToolMethod}s) is described by its
 * {@link io.agentloop.api.tool.ToolSpec}, executed with validated
 * {@link io.agentloop.api.tool.ToolArguments}, and answers a {@link io.agentloop.api.tool.ToolResult}.
 * During the call its {@link io.agentloop.api.tool.ToolContext} gives it the run's cancellation, the
 * {@link io.agentloop.api.tool.Workspace} that guards every path, and the
 * {@link io.agentloop.api.tool.CommandSandbox} every process goes through. A
 * {@link io.agentloop.api.tool.ToolSource} brings tools known only at run time (MCP servers); a
 * {@link io.agentloop.api.tool.ToolServer} offers an installation's tools to other programs.
 * The tools module and plugin authors implement tools; the {@code mcp} plugin a source and a
 * server; the core implements the context, the workspace and the sandbox and runs every call under
 * the same validation, permissions and timeout.
 */
package io.agentloop.api.tool;
