/**
 * The port to a durable engine, whose runs outlive the process that started them and the workers
 * that carry them out: {@link io.agentloop.core.engine.DurableEngine}, found by name through a
 * {@link io.agentloop.core.engine.DurableEngineProvider} in the engine's own jars. The Temporal
 * module implements both; the launcher's {@code --engine} and {@code agentloop worker} use them.
 */
package io.agentloop.core.engine;
