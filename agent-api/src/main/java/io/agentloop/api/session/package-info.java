/**
 * Sessions: conversations kept on disk that a user lists, resumes, forks and deletes. A
 * {@link io.agentloop.api.session.SessionStore} creates them and loads a
 * {@link io.agentloop.api.session.Session} (with its {@link io.agentloop.api.session.Checkpoint}s and
 * the turn a stopped run left open); one {@link io.agentloop.api.session.SessionWriter} at a time,
 * across processes, appends to it. The core implements the built-in {@code file} store and writes a
 * run's records through it; a plugin may bring another store, chosen by name; the launcher and
 * the server read sessions to list and resume them.
 */
package io.agentloop.api.session;
