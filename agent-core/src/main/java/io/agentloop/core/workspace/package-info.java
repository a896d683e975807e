/**
 * The core's {@link io.agentloop.api.tool.Workspace}: {@link io.agentloop.core.workspace.SandboxWorkspace}
 * guards every path a tool touches and hands out the command sandbox; beside it, the files of a
 * project that other programs run later (a {@code Makefile}, {@code package.json} scripts, git hook
 * configuration), snapshotted around a call so that a run reports which of them it changed. The
 * launcher, the server, the Spring Boot starter and the benchmarks make a run's workspace here.
 */
package io.agentloop.core.workspace;
