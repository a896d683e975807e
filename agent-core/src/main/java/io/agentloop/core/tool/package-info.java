/**
 * The acting phase: how the tool calls of one model turn are carried out. A turn's calls are cut
 * into batches ({@link io.agentloop.core.tool.ToolCalls}); each call runs on its own thread, under
 * its timeout and the run's cancellation ({@code RunningCall}), through the acting hooks to
 * {@code ToolDispatch}, which finds the tool, validates the arguments against its compiled schema,
 * asks the permission gate and runs it, turning every way it can fail into a result for the model.
 * Around that: read-only results reused within a run, the git repositories checked around tools
 * that write, and the files other programs run watched. The loop's effects call it; a durable
 * engine (the Temporal module) keeps each call's {@link io.agentloop.core.tool.CallPlan} and
 * {@link io.agentloop.core.tool.CallOutcome} in its history.
 */
package io.agentloop.core.tool;
