package io.agentloop.launcher;

import java.util.Map;
import java.util.Optional;

/**
 * One line of help for each key of {@link ConfigSchema}, for the configuration reference
 * ({@link ConfigReference}). A key the schema gains is described here too: the reference refuses to
 * be written while one lacks its line.
 */
final class ConfigKeyHelp {
    private static final Map<String, String> HELP = Map.<String, String>ofEntries(
            Map.entry("provider", "the model provider: openai, anthropic, gemini, ollama, openai-responses, llamacpp or a plugin's"),
            Map.entry("model", "the model's name at the provider (for llamacpp, a GGUF file)"),
            Map.entry("run.max-iterations", "model turns before the run stops (then one summary call without tools); default 10"),
            Map.entry("run.system", "the system prompt, replacing the default one (which names the workspace, tools and mode)"),
            Map.entry("run.system-append", "text added to the default system prompt"),
            Map.entry("run.iteration-timeout", "one model call and its tools; default 15m (the library's: 30s)"),
            Map.entry("run.timeout", "the whole run; default none"),
            Map.entry("run.tool-timeout", "one tool call; default 11m (the library's: 20s)"),
            Map.entry("run.max-retries", "retries of a failed model call that can be retried; default 3"),
            Map.entry("run.retry-delay", "the first retry's delay, doubled for each next one; default 1s"),
            Map.entry("run.retry-max-delay", "the longest delay between retries; default 10s"),
            Map.entry("run.stuck-threshold", "the same tool call with the same arguments in a row before the run is STUCK; default 2"),
            Map.entry("run.parallel-tools", "whether the tool calls of one turn may run at once; default true"),
            Map.entry("run.completion", "what ends a run: answer (an answer without tool calls), marker (an answer carrying run.completion-marker; one without it is sent back once) or finish-tool (the model calls finish with its final answer); default answer"),
            Map.entry("run.completion-marker", "the text an answer carries to say the task is done, with run.completion: marker; default [DONE]"),
            Map.entry("run.final-summary", "whether a run at its iteration limit makes one last call without tools; default true"),
            Map.entry("run.output-retries", "tries for a structured answer that does not match its schema; default 2"),
            Map.entry("run.retry-classifier", "which failures are retried: standard, or a plugin's"),
            Map.entry("run.decision-policy", "what follows each turn (continue, compact, stop): standard, or a plugin's"),
            Map.entry("run.temperature", "the model's temperature for every call of the run"),
            Map.entry("run.top-p", "the model's top-p for every call of the run"),
            Map.entry("run.max-tokens", "the most tokens one answer may have"),
            Map.entry("run.stop", "texts that end an answer"),
            Map.entry("run.seed", "the model's sampling seed, where the provider takes one"),
            Map.entry("run.reasoning-effort", "how hard a reasoning model thinks (openai, openai-responses)"),
            Map.entry("providers.*", "a provider's own settings, by its id (see the provider settings below)"),
            Map.entry("mcp.*", "the mcp plugin's servers, mcp.servers.<name>: command, args, env, url, headers, timeout, start, enabled, tools"),
            Map.entry("agents.*", "sub-agent profiles by name: description, system, tools, model"),
            Map.entry("hub.agents", "the agents of agentloop hub, in turn order: default and names of agents.*"),
            Map.entry("hub.user", "your name in agentloop hub; default you"),
            Map.entry("plugins.disabled", "plugin ids not to load"),
            Map.entry("plugins.folders", "more folders to load plugin jars from, besides the installation's plugins/"),
            Map.entry("plugins.*", "a plugin's own settings, by its id (agentloop plugins lists those it declares)"),
            Map.entry("workspace.root", "the folder tools work in; default the current folder"),
            Map.entry("workspace.extra-dirs", "other folders tools may use"),
            Map.entry("workspace.env-allow", "variables commands may see besides PATH, HOME, USER, SHELL, locale and terminal"),
            Map.entry("sandbox.enabled", "false runs commands unconfined, as you (every run says so); default true"),
            Map.entry("sandbox.network", "true lets sandboxed commands use the network; default false"),
            Map.entry("sandbox.program", "bubblewrap's absolute path; default bwrap from /usr/bin, /bin, /usr/local/bin, /usr/sbin or /sbin"),
            Map.entry("permissions.mode", "what runs without asking when no rule decides; default ask"),
            Map.entry("permissions.allow", "rules for calls that run without asking, such as bash(git status) or write(src/**)"),
            Map.entry("permissions.ask", "rules for calls that ask"),
            Map.entry("permissions.deny", "rules for calls that never run (deny wins over ask over allow)"),
            Map.entry("permissions.ask-before-executable-config", "changing a file other programs run later (Makefile, "
                    + "package.json, .envrc, editor tasks, git hook managers' configuration) asks; a command's change "
                    + "is kept or undone by the person; default true in modes ask and edit, false in auto and yes"),
            Map.entry("tools.disabled", "built-in tools left out"),
            Map.entry("tools.meta", "gives the agent the tool_groups tool, to list its tool groups and switch them on "
                    + "or off for the rest of a run; default false"),
            Map.entry("tools.cache", "a repeated read-only call, with nothing changed since, gets its earlier result "
                    + "marked cached instead of running; default true"),
            Map.entry("tools.*.cache", "false: this tool's calls always run, never answered from the cache"),
            Map.entry("tools.fetch.enabled", "turns the fetch tool on; default false"),
            Map.entry("tools.fetch.allow-hosts", "host globs fetch may reach"),
            Map.entry("tools.fetch.allow-private", "lets fetch reach private and local addresses; default false"),
            Map.entry("sessions.enabled", "whether runs and chats are saved as sessions; default true"),
            Map.entry("sessions.folder", "where sessions are kept; default ~/.local/share/agentloop/sessions"),
            Map.entry("sessions.store", "the session store: file, or a plugin's"),
            Map.entry("sessions.stop-when-unsaved", "whether a run whose session cannot be written stops before its next change; default true"),
            Map.entry("pricing", "prices per million tokens, one line per model: provider/model input=.. output=.. "
                    + "cached=..; wins over the built-in prices of docs/models.md"),
            Map.entry("budget.run-tokens", "tokens one run may use"),
            Map.entry("budget.session-tokens", "tokens one session may use"),
            Map.entry("budget.run-cost", "what one run may cost (needs a price: built in, or pricing)"),
            Map.entry("budget.session-cost", "what one session may cost (needs a price: built in, or pricing)"),
            Map.entry("guard.max-tool-calls", "tool calls one run may make; calls past it do not run"),
            Map.entry("trace.file", "a JSON-lines file: one line per transition, model call and tool call"),
            Map.entry("compaction.strategy", "truncate (default), sliding-window, summary, key-information, or a plugin's"),
            Map.entry("compaction.threshold", "the share of the model's context window at which the conversation is "
                    + "compacted; default 0.8"),
            Map.entry("compaction.context-windows", "context windows over the built-in ones of docs/models.md, one line "
                    + "per model: provider/model tokens"),
            Map.entry("compaction.max-tokens", "estimated tokens above which the conversation is compacted, instead of "
                    + "the threshold; default 0 (the threshold decides)"),
            Map.entry("compaction.max-messages", "messages above which the conversation is compacted; default 200"),
            Map.entry("skills.folders", "more folders of skills, besides .agentloop/skills and ~/.config/agentloop/skills"),
            Map.entry("memory.short-term", "what of the conversation each call is sent: in-memory (everything), or a plugin's"),
            Map.entry("memory.enabled", "recalls long-term notes before each model call; default false"),
            Map.entry("memory.store", "the long-term store: file, or a plugin's"),
            Map.entry("memory.auto-save", "every run that answers leaves a note, unless it read outside content; default false"),
            Map.entry("memory.auto-save-untrusted", "auto-save also runs that read a file, a page, a command's output or a server's answer, as untrusted notes; default false"),
            Map.entry("memory.file", "the notes' file; default beside the sessions folder"),
            Map.entry("memory.recall", "notes recalled before each model call; default 3"),
            Map.entry("memory.max-entries", "notes kept, the least recently used going first; default 1000"),
            Map.entry("server.host", "the address agentloop serve listens on; default 127.0.0.1"),
            Map.entry("server.port", "the port agentloop serve listens on; default 8642"),
            Map.entry("server.token-file", "bearer tokens, one per line (or AGENTLOOP_SERVER_TOKEN); else serve makes one and prints it"),
            Map.entry("server.allowed-hosts", "names the Host header may give besides loopback: name (any port) or name:port"),
            Map.entry("server.workspaces", "the folder of the served runs' workspaces; default workspaces/ beside the sessions (if kept from runs, in $XDG_STATE_HOME/agentloop)"),
            Map.entry("server.data", "the server's run records; default server/ beside the sessions"),
            Map.entry("server.mode", "the widest permission mode a served run may have; default permissions.mode"),
            Map.entry("server.runs-per-token", "runs going on at once per token; default 32"),
            Map.entry("server.requests-per-minute", "requests per minute per token (per address with the one serve made); default 600"),
            Map.entry("server.max-body", "the largest request body in bytes; default 1048576"),
            Map.entry("server.heartbeat", "how often an idle event stream gets a comment line; default 15s"),
            Map.entry("server.tokens.*.file", "the file holding this named token; its runs and sessions are its own"),
            Map.entry("server.tokens.*.role", "user (sees its own runs and sessions) or admin (sees all); default user"),
            Map.entry("server.retention.age", "how long a finished served run's record and events are kept; default 30d"),
            Map.entry("server.retention.count", "how many finished served runs are kept at most; default 1000"),
            Map.entry("temporal.target", "the Temporal service; default 127.0.0.1:7233"),
            Map.entry("temporal.namespace", "the Temporal namespace; default default"),
            Map.entry("temporal.task-queue", "the task queue runs and workers use; default agentloop"),
            Map.entry("temporal.heartbeat", "how long a worker may go silent during a step before it counts as lost; default 30s"),
            Map.entry("temporal.history-limit", "how many events a durable run's workflow history may hold before the run continues as a new workflow run at its next iteration (sooner when the service suggests it); default 4000"),
            Map.entry("temporal.tls.cert", "a client certificate (PEM) for mutual TLS"),
            Map.entry("temporal.tls.key", "the certificate's key (PEM, PKCS#8)"),
            Map.entry("temporal.tls.ca", "a CA to trust (PEM)"),
            Map.entry("output.color", "colours on the terminal; default auto (none when NO_COLOR is set or TERM=dumb)"),
            Map.entry("output.reasoning", "whether the model's reasoning is shown (dimmed); default true"));

    private ConfigKeyHelp() {
    }

    /** The key's line of help, when it has one. */
    static Optional<String> of(String key) {
        return Optional.ofNullable(HELP.get(key));
    }
}
