/**
 * The command sandbox, the operating system's boundary around every process a tool starts:
 * bubblewrap on Linux (mounts, a seccomp filter against the host's Unix sockets, a spawner thread
 * that outlives the calls), Seatbelt on macOS, and an unconfined process group where neither exists,
 * chosen by {@link io.agentloop.core.sandbox.Sandboxes}. Around each command it hides where secrets
 * live, keeps the {@code .agentloop} instruction folders read-only, and keeps the history of the git
 * repositories in the writable folders recoverable, reading refs and objects without running git.
 * The core's workspace hands the sandbox to tools as their
 * {@link io.agentloop.api.tool.CommandSandbox}; the acting phase uses its repository check around
 * tools that write files themselves. Nothing outside the core implements or calls it directly.
 */
package io.agentloop.core.sandbox;
