package io.agentloop.api.memory;

import io.agentloop.api.message.Message;
import java.util.List;

/**
 * Shrinks a conversation that grew past the configured threshold.
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>System messages are kept.</li>
 *   <li>A tool call and its result are never separated: an assistant message with tool calls is
 *       kept or dropped together with the tool message that answers it.</li>
 *   <li>The most recent turn is kept.</li>
 *   <li>The result is a new list; the input is not modified.</li>
 * </ul>
 * Called on the run's thread; may block (a summarising strategy calls a model).
 */
public interface CompactionStrategy {

    /** The name used in configuration ({@code truncate}, {@code sliding-window}). */
    String name();

    List<Message> compact(CompactionRequest request);
}
