/**
 * Structured answers and schemas made from Java types: an {@link io.agentloop.core.output.OutputSchema}
 * a run's answer must satisfy, the JSON Schema of a Java type (also used for annotated tools'
 * parameters), and the check that a program on the module path lets the core reach its types. A
 * program asks for a typed answer here ({@code Agent.run(String, Class)}); the launcher, the server
 * and the Temporal engine pass a schema given as JSON.
 */
package io.agentloop.core.output;
