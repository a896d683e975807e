/**
 * The built-in {@code file} {@link io.agentloop.api.session.SessionStore}: one append-only,
 * synced, locked JSON-lines file per session, read back by replaying its records (the open turn of
 * a paused or stopped run included), with indexes that keep listing and statistics cheap. The
 * {@link io.agentloop.core.session.SessionRecorder} is the run journal that writes an agent's runs
 * into a session as they happen. The launcher (its sessions, {@code resume}, {@code stats}), the
 * Temporal engine and the benchmarks use it; the store is registered through the module's
 * {@code provides}.
 */
package io.agentloop.core.session;
