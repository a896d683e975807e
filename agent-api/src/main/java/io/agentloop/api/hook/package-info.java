/**
 * Extension code that may change a run's values as they pass: pre and post hooks of each phase
 * (reply, reasoning, acting, print) and the interceptors that wrap a model call or a tool call
 * ({@link io.agentloop.api.hook.ReasoningInterceptor}, {@link io.agentloop.api.hook.ActingInterceptor}),
 * all marked by {@link io.agentloop.api.hook.Hook}, whose javadoc holds the one ordering rule and
 * what happens when a hook fails. Plugin authors and programs implement them (the guard, memory
 * recall and the audit trail are hooks); the core runs them in one around-chain, hands each the
 * run's {@link io.agentloop.api.hook.HookContext}, and names a hook that breaks its contract in a
 * {@link io.agentloop.api.hook.HookException}. To only watch a run, write an
 * {@code io.agentloop.api.event.AgentListener} instead.
 */
package io.agentloop.api.hook;
