/**
 * The built-in {@link io.agentloop.api.memory.CompactionStrategy}s ({@code truncate},
 * {@code sliding-window}, {@code summary}, {@code key-information}), with what they share: the cut of
 * a conversation into turns that may be dropped whole, the order in which turns are kept by
 * importance, and the repair that makes any strategy's result (a plugin's too) a conversation every
 * provider accepts, its task kept word for word. Registered through the module's
 * {@code provides}; the loop calls the chosen strategy when the conversation passes its threshold.
 */
package io.agentloop.core.compaction;
