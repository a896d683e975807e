/**
 * The conversation as values: the closed set of {@link io.agentloop.api.message.Message}s (system,
 * user, assistant, tool results), the {@link io.agentloop.api.message.ContentBlock}s they hold (text,
 * reasoning, tool calls, tool results), with the {@link io.agentloop.api.message.Usage} and
 * {@link io.agentloop.api.message.StopReason} of the model call that wrote an answer. Immutable
 * records, validated when made, consumed with exhaustive {@code switch}es. Every other part uses
 * them: providers translate them to and from their wire formats, the core keeps them in a run's
 * memory and session, hooks change them by returning new ones. Nobody implements anything here.
 */
package io.agentloop.api.message;
