/**
 * What every other package of the API shares: the root exception {@link io.agentloop.api.AgentException}
 * (every exception Agentloop throws extends it; the model, hook, session and tool packages hold its
 * subtypes) and cancellation, written by whoever may stop a run ({@link io.agentloop.api.Cancellation})
 * and read by the code a run calls ({@link io.agentloop.api.CancellationSignal}: tools, chat models).
 * The core creates one cancellation per run and hands its signal to every extension it calls; a
 * plugin author reads the signal and throws or catches the exceptions, and implements nothing here.
 */
package io.agentloop.api;
