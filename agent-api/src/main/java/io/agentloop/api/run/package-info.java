/**
 * One agent run as values: the {@link io.agentloop.api.run.RunOptions} and
 * {@link io.agentloop.api.run.CompactionOptions} it runs under, how it knows it is done
 * ({@link io.agentloop.api.run.Completion}), its two state machines
 * ({@link io.agentloop.api.run.AgentState}, {@link io.agentloop.api.run.CallState}) and how it ended
 * ({@link io.agentloop.api.run.RunResult}, {@link io.agentloop.api.run.ToolCallRecord}). Also the
 * values of a paused or stopped run going on ({@link io.agentloop.api.run.Resumption} from an
 * {@link io.agentloop.api.run.OpenTurn}, with a person's {@link io.agentloop.api.run.CallDecision}s
 * on its {@link io.agentloop.api.run.PendingCall}s), of a plan's steps, and the
 * {@link io.agentloop.api.run.AgentRegistry} of what every agent of a process is doing. The core
 * drives runs and implements the registry; a program or plugin reads these values, and a plugin may
 * bring the one SPI here, a {@link io.agentloop.api.run.DecisionPolicy} that decides what follows a
 * model turn.
 */
package io.agentloop.api.run;
