/**
 * Plan-and-solve: a planner agent keeps a plan of steps with dependencies through its
 * {@code planning} tool, and an executor agent runs the steps that are ready, round after round,
 * until the plan is done or blocked. {@link io.agentloop.core.plan.PlanAndSolve} drives it; the rest
 * is its tool, its prompts, the check that a plan can be carried out, the plan as text, what the
 * executor remembers between steps and which files a step produced. The launcher's {@code --plan}
 * and the benchmarks use it; the plan's values and events are in {@code io.agentloop.api.run} and
 * {@code io.agentloop.api.event}.
 */
package io.agentloop.core.plan;
