/**
 * The agent loop, the centre of the core: the outer state machine's driver
 * ({@link io.agentloop.core.loop.AgentLoop}), a pure {@code Decider} that chooses the next step from
 * the run's {@code RunState} alone (with the completion rule, the compaction trigger and the stuck
 * detector), and the {@link io.agentloop.core.loop.Effects} port through which the steps that touch
 * the world (a model call, a turn's tool calls, a compaction) are carried out and recorded.
 * {@code Agent} runs it with the in-process effects; the Temporal module runs the same loop with
 * effects of its own. Nothing here is meant for plugin authors, whose one say in the decisions is a
 * {@link io.agentloop.api.run.DecisionPolicy} (the built-in {@code standard} one is here).
 */
package io.agentloop.core.loop;
