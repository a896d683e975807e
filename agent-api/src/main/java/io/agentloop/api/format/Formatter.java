package io.agentloop.api.format;

import io.agentloop.api.message.AssistantMessage;
import io.agentloop.api.model.ChatRequest;

/**
 * How tools, tool calls and their results reach a model and come back. The built-in
 * {@code native} formatter passes everything through: the provider sends tools in its API's own
 * fields and reads calls from them. A formatter for models without native tool calling (the
 * built-in {@code text}, or a plugin's) writes the tools, earlier calls and their results into the
 * conversation as text, leaves no tools in the request, and reads the calls back from the text of
 * the answer.
 *
 * <p>A formatter is chosen per provider ({@code providers.<id>.formatter}, or
 * {@code Agent.Builder.formatter} in code). When it is not {@code native}, the text of each answer
 * is shown once the answer is complete, since only then is it known which part is a call.
 *
 * <pre>{@code
 * public final class ActionFormatter implements Formatter {
 *     public String id() { return "action"; }
 *     public ChatRequest format(ChatRequest request) { ... tools described in a system message ... }
 *     public AssistantMessage parse(AssistantMessage answer) { ... "Action: name {json}" lines become calls ... }
 * }
 * }</pre>
 *
 * <p>Implementations need a public no-argument constructor and must be thread-safe.
 */
public interface Formatter {

    /** The id configuration chooses it by ({@code native}, {@code text}). */
    String id();

    /**
     * The request the model is sent. Pure: no I/O. A text formatter returns one with no tools and
     * no tool calls or results in its messages; it may set
     * {@link io.agentloop.api.model.ChatOptions#responseSchema()} when the answer must be a call.
     */
    ChatRequest format(ChatRequest request);

    /**
     * The answer as the platform sees it, from the model's answer to a {@link #format formatted}
     * request: a text formatter turns the calls written in its text into
     * {@link io.agentloop.api.message.ToolCall} blocks. Usage and stop reason are kept; the stop
     * reason is {@code TOOL_CALLS} when calls were found.
     */
    AssistantMessage parse(AssistantMessage answer);
}
