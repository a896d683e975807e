/**
 * How tools, tool calls and their results are put to a model and read back from its answer. A
 * {@link io.agentloop.api.format.Formatter} is chosen per provider: the core's {@code native} one
 * leaves tools to the provider's API, its {@code text} one (and a plugin's, for a model that calls
 * tools in a protocol of its own) writes them into the conversation and parses the calls out of the
 * answer. {@link io.agentloop.api.format.CallSchema} is the JSON Schema of a call written as text,
 * for a provider whose runtime can hold a model to it (the {@code llamacpp} plugin's grammar).
 * A plugin author implements a formatter; the core calls it around every model call.
 */
package io.agentloop.api.format;
