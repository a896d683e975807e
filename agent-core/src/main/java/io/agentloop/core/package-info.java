/**
 * The agent a program builds and runs: {@link io.agentloop.core.Agent} and its {@code Builder}, what
 * one run is asked ({@link io.agentloop.core.RunRequest}) and the handle of a run in progress
 * ({@link io.agentloop.core.RunHandle}); sub-agents (the profiles an agent hands tasks to, the tool
 * that hands them, and how a durable engine runs them as runs of their own); tools made from
 * annotated methods; and the serving of an agent's tools without a model. This is the core's front
 * door: a library user, the launcher, the server, the Spring Boot starter, the Temporal engine and
 * the benchmarks build agents here; the subpackages hold what an agent is put together from.
 */
package io.agentloop.core;
