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
 *   <li>The {@linkplain CompactionRequest#pinned() pinned} messages (the run's task first) are
 *       kept word for word.</li>
 *   <li>The result is a new list; the input is not modified.</li>
 * </ul>
 * Whatever a strategy returns, the platform then makes it valid for every provider: the pinned
 * messages it left out go back (the task as the first message after the system messages, so the
 * conversation opens with a user turn), and a tool result whose call is gone, or a call whose
 * result is gone, is removed.
 * Called on the run's thread; may block (a summarising strategy calls a model).
 */
public interface CompactionStrategy {

    /** The name used in configuration ({@code truncate}, {@code sliding-window},
     * {@code summary}, {@code key-information}). */
    String name();

    List<Message> compact(CompactionRequest request);
}
