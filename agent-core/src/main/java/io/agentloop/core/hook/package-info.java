/**
 * The hook engine: one around-chain ({@link io.agentloop.core.hook.InterceptorChain}, built back to
 * front like OkHttp's) per phase, onto which every hook shape of {@code io.agentloop.api.hook} is
 * adapted with its failure rules, in one order ({@link io.agentloop.core.hook.Hooks}: ascending
 * {@code order()}, ties in registration order). The loop builds an agent's chains here and runs
 * each reply, model call, tool call and piece of printed text through them; hook authors implement
 * the API's interfaces and never see this package.
 */
package io.agentloop.core.hook;
