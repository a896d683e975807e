package io.agentloop.api.hook;

import java.util.Map;
import java.util.Optional;

/** What a hook may know of the run it is called in. */
public interface HookContext {

    /** The run's id. Never null. */
    String runId();

    /**
     * For a sub-agent's run, the id of the run whose tool call started it; empty for a run of its
     * own. A hook that sums over a run and its sub-agents (a token budget) follows these up.
     */
    default Optional<String> parentRunId() {
        return Optional.empty();
    }

    /**
     * The name of the model the run calls, as its provider knows it ({@code gpt-4.1-mini}): for
     * telemetry and logs that name the model. Empty where the caller does not know it.
     */
    default Optional<String> model() {
        return Optional.empty();
    }

    /**
     * The id of the provider serving the run's model ({@code openai}), as {@link
     * io.agentloop.api.model.ChatModel#provider()} gives it. Empty where the caller does not know it.
     */
    default Optional<String> provider() {
        return Optional.empty();
    }

    /** The current iteration, from 1; 0 before the first model call. */
    int iteration();

    /**
     * A per-run, thread-safe map where hooks keep state from "before" to "after" or across calls.
     * Key it by something the hook owns (its class name) to avoid clashes. Never null.
     */
    Map<String, Object> attributes();

    /**
     * Ends the run with {@code reason} (for guards and budgets, usually
     * {@link io.agentloop.api.run.TerminalReason#TOKEN_LIMIT}): tools not yet started do not run, the
     * model call in flight is cancelled, and the run completes with that reason. The first end wins
     * (a cancellation or timeout that came first keeps its reason).
     *
     * @param why what the user is told, naming the limit and how to raise it
     */
    void endRun(io.agentloop.api.run.TerminalReason reason, String why);

    /**
     * {@code text} with secrets masked, as in everything the platform writes: values shaped like
     * well-known keys, bearer tokens, private key blocks, values after secret-looking names
     * ({@code api_key=...}) and the values of the platform's credential variables. Use it for
     * everything a hook writes to a file or a log. Never null.
     */
    String redact(String text);

    /**
     * A tool call's arguments as values ({@code String}, {@code Long}/{@code Double},
     * {@code Boolean}, {@code List}, {@code Map}), parsed from the JSON text the model wrote, so a
     * hook or interceptor needs no JSON library of its own. Not yet checked against the tool's
     * schema: that happens after the pre-acting hooks, which may change the arguments
     * ({@link io.agentloop.api.message.ToolCall#withArguments}).
     *
     * @throws IllegalArgumentException when the text is not a JSON object
     */
    io.agentloop.api.tool.ToolArguments arguments(io.agentloop.api.message.ToolCall call);
}
