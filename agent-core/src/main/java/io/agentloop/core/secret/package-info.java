/**
 * Keeping secrets where they belong: files only their user can read, the names no tool may touch
 * ({@code .git}, {@code .env}, key stores, however spelled), credentials taken out of a child
 * process's environment, and the redactor that masks secret-shaped values in tool results before
 * the model sees them and in text bound for logs, events, traces and sessions. The core's
 * workspace, sessions and acting phase use them, and so does the launcher for its own files and
 * output.
 */
package io.agentloop.core.secret;
