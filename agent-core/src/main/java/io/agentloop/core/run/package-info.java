/**
 * What goes on around one run while the loop drives it: stopping it from any thread
 * ({@link io.agentloop.core.run.RunControl}), delivering its events to its listeners in order
 * ({@link io.agentloop.core.run.EventPublisher}), the one place a state machine's state changes
 * ({@link io.agentloop.core.run.StateTracker}), the {@link io.agentloop.core.run.RunJournal} its
 * record is written to, and the process's {@link io.agentloop.api.run.AgentRegistry} of every run's
 * state. The loop uses them for each run; the Temporal module uses them to run the same loop in a
 * workflow; the launcher and the server read the registry of agents' states and follow runs
 * through their journals.
 */
package io.agentloop.core.run;
