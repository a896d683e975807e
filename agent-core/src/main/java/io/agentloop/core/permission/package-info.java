/**
 * Permissions as the acting phase enforces them: the {@link io.agentloop.core.permission.PermissionGate}
 * asks the {@link io.agentloop.core.permission.PermissionPolicy} (the rules and the mode) about every
 * tool call just before it runs, and a person's {@link io.agentloop.api.permission.Approver} about a
 * call that asks. Most of the package is the shell reader behind {@code bash(...)} rules: a lexer
 * and parser that cut a command line into simple commands, and what programs run because of their
 * options, their syntax or their arguments ({@code git -c alias}, {@code find -exec}, {@code watch},
 * a {@code sed} script), which no allow rule may let through unseen. The launcher, the server, the
 * Spring Boot starter and the Temporal engine take the mode and the rules from their configuration
 * here; the agent's builder makes the gate.
 */
package io.agentloop.core.permission;
