/**
 * Permissions: what a tool call touches ({@link io.agentloop.api.permission.Access}), what the
 * rules decide ({@link io.agentloop.api.permission.Decision}), and how a person approves a call
 * that asks ({@link io.agentloop.api.permission.Approver}). The platform enforces them in the
 * acting phase for every tool, whatever its source; a hook cannot turn a deny into an allow.
 */
package io.agentloop.api.permission;
