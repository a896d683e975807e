package io.agentloop.launcher;

import io.agentloop.api.event.AgentListener;
import io.agentloop.api.permission.Approval;
import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.run.Resumption;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionLockedException;
import io.agentloop.api.session.SessionStore;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.RunHandle;
import io.agentloop.core.permission.PermissionMode;
import io.agentloop.server.backend.BackendRun;
import io.agentloop.server.backend.RequestException;
import io.agentloop.server.backend.RunBackend;
import io.agentloop.server.backend.RunOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * The agents {@code agentloop serve} runs: the configured agent ({@code default}) and the profiles
 * of {@code agents.<name>} (their system prompt, tools and model in place of the agent's), each run
 * in its own workspace, with the server's mode or a narrower one, never pausing for a terminal (a
 * call that asks pauses the run until a decision comes over HTTP). Sessions, approved rules and the
 * command sandbox are the launcher's own.
 */
final class LauncherBackend implements RunBackend {
    static final String DEFAULT_AGENT = "default";

    private final Platform platform;
    private final LauncherConfig config;
    private final PermissionMode mode;
    private final SessionStore sessions;
    private final List<String> agents;

    LauncherBackend(Platform platform, LauncherConfig config, PermissionMode mode) {
        this.platform = platform;
        this.config = config;
        this.mode = mode;
        this.sessions = LauncherSessions.store(platform, config);
        this.agents = agentNames(config);
    }

    @Override
    public List<String> agents() {
        return agents;
    }

    @Override
    public PermissionMode mode() {
        return mode;
    }

    @Override
    public BackendRun start(RunOrder order, AgentListener events) {
        LauncherConfig run = config.with(layer(order), "served run");
        SessionOptions options = new SessionOptions();
        options.resume = order.session().orElse(null);
        Optional<LauncherSessions.Opened> opened;
        try {
            opened = LauncherSessions.open(platform, run, options, order.task().orElse(""));
        } catch (SessionLockedException e) {
            throw RequestException.conflict("session " + order.session().orElse("") + " is in use by another run: "
                    + "wait for it to end or cancel it");
        } catch (ConfigLoader.ConfigurationException e) {
            throw order.session().isPresent() ? RequestException.notFound(e.getMessage())
                    : new RequestException(500, "the server's configuration is wrong: " + e.getMessage());
        }
        LauncherSessions.Opened session = opened.orElseThrow(() -> new RequestException(500, "the server needs "
                + "sessions (sessions.enabled: true): a served run is kept in one"));
        AgentSetup setup;
        try {
            setup = AgentSetup.of(platform, run, AgentSetup.Source.CONFIGURED, events, Optional.empty(),
                    () -> opened, true, Thread.ofVirtual().name("agentloop-served-run-", 0).factory());
        } catch (RuntimeException e) {
            session.close();
            throw new RequestException(500, "the agent could not be set up: " + e.getMessage());
        }
        RunHandle handle;
        try {
            // an open turn (calls a pause left, decided since) is settled first, then the task if there is one
            // (as the same run, its tokens before counted once); else the task after the session's history
            handle = setup.agent().start(order.runId(), order.task().isEmpty() || session.openTurn().isPresent()
                    ? session.resumption(order.task())
                    : new Resumption(session.history(), Optional.empty(), List.of(), order.task()), order.output());
        } catch (RuntimeException e) {
            setup.close();
            session.close();
            throw e;
        }
        CompletableFuture<RunResult> result = handle.result().whenComplete((r, failure) -> {
            setup.close();
            session.close();
        });
        String id = session.info().id();
        return BackendRun.of(id, result, handle::cancel);
    }

    @Override
    public List<CallProgress> pending(String session) {
        try {
            return sessions.load(session).map(PendingCalls::pending).orElse(List.of());
        } catch (IllegalArgumentException e) {
            return List.of();
        }
    }

    @Override
    public void decide(String session, CallDecision decision, Path workspace) {
        PendingCall waiting;
        try (SessionWriter writer = sessions.open(session)) {
            Session current = sessions.load(session).orElseThrow(); // read under the lock
            waiting = PendingCalls.pending(current).stream().filter(call -> call.call().id().equals(decision.callId()))
                    .findFirst().flatMap(CallProgress::pending).orElseThrow(() -> RequestException.notFound("session "
                            + session + " has no call '" + decision.callId() + "' that waits for a decision"));
            writer.callDecided(decision);
        } catch (SessionLockedException e) {
            throw RequestException.conflict("session " + session + " is in use by a run right now: decide once it "
                    + "has paused");
        } catch (NoSuchElementException e) {
            throw RequestException.notFound("there is no session '" + session + "'");
        }
        if (decision.approval() == Approval.ALLOW_ALWAYS && !waiting.rememberAs().isEmpty()) {
            ApprovedRules.of(config).add(workspace.toAbsolutePath().normalize(), waiting.rememberAs());
        }
    }

    @Override
    public SessionStore sessions() {
        return sessions;
    }

    @Override
    public String mask(String text) {
        return LauncherHooks.defaultRedactor().apply(text);
    }

    /** The run's own settings over the server's: its workspace, its mode, and its profile's prompt, tools and model. */
    private Map<String, String> layer(RunOrder order) {
        Map<String, String> layer = new LinkedHashMap<>();
        layer.put("workspace.root", order.workspace().toString());
        layer.put("permissions.mode", order.mode().toString());
        layer.putAll(profile(platform, config, order.agent()));
        return layer;
    }

    /** A profile's settings over the configuration's: its system prompt, model and tools; none for {@code default}. */
    static Map<String, String> profile(Platform platform, LauncherConfig config, String agent) {
        Map<String, String> layer = new LinkedHashMap<>();
        if (!agent.equals(DEFAULT_AGENT)) {
            Map<String, String> profile = profiles(config).get(agent);
            Optional.ofNullable(profile.get("system")).ifPresent(system -> layer.put("run.system", system));
            Optional.ofNullable(profile.get("model")).ifPresent(model -> layer.put("model", model));
            if (profile.containsKey("tools")) {
                Set<String> kept = new TreeSet<>(config.list("agents." + agent + ".tools"));
                Set<String> disabled = new TreeSet<>(config.list("tools.disabled"));
                AgentSetup.tools(platform, config, true).stream().map(tool -> tool.spec().name())
                        .filter(name -> !kept.contains(name)).forEach(disabled::add);
                layer.put("tools.disabled", String.join(",", disabled));
            }
        }
        return layer;
    }

    /** The agents' names: {@code default} and the profiles of {@code agents.<name>.*}. */
    static List<String> agentNames(LauncherConfig config) {
        List<String> names = new ArrayList<>(List.of(DEFAULT_AGENT));
        names.addAll(profiles(config).keySet());
        return List.copyOf(names);
    }

    /** The profiles of {@code agents.<name>.*}, by name. */
    private static Map<String, Map<String, String>> profiles(LauncherConfig config) {
        Map<String, Map<String, String>> byName = new java.util.TreeMap<>();
        config.section("agents").forEach((key, value) -> {
            int dot = key.indexOf('.');
            if (dot > 0) {
                byName.computeIfAbsent(key.substring(0, dot), n -> new LinkedHashMap<>()).put(key.substring(dot + 1),
                        value);
            }
        });
        byName.remove(DEFAULT_AGENT);
        return byName;
    }
}
