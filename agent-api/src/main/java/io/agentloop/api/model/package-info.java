/**
 * Chat models and what they are asked and answer. A {@link io.agentloop.api.model.ModelProvider}
 * (one wire format or local runtime) creates {@link io.agentloop.api.model.ChatModel}s from a
 * {@link io.agentloop.api.model.ModelConfig}; a model answers a
 * {@link io.agentloop.api.model.ChatRequest} as a {@link io.agentloop.api.model.ModelStream} of
 * normalised {@link io.agentloop.api.model.StreamEvent}s, and fails with a retryable or a
 * non-retryable {@link io.agentloop.api.model.ModelException}. The providers module (OpenAI's two
 * APIs, Anthropic, Gemini, Ollama) and plugins ({@code llamacpp}) implement the providers; the core
 * calls the models, once per attempt, and owns retries, asking a
 * {@link io.agentloop.api.model.RetryClassifier} (its {@code standard} one, or a plugin's) which
 * failures are tried again.
 */
package io.agentloop.api.model;
