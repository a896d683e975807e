package io.agentloop.launcher;

import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.CallProgress;
import io.agentloop.api.run.PendingCall;
import io.agentloop.api.session.Session;
import io.agentloop.api.session.SessionLockedException;
import io.agentloop.api.session.SessionStore;
import io.agentloop.api.session.SessionWriter;
import io.agentloop.core.secret.SecretRedactor;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code agentloop approve SESSION [CALL...] [--always]} and {@code agentloop deny SESSION [CALL...]
 * [--reason TEXT]}: records a person's decision on calls a paused run left waiting, for the run to
 * carry out when it goes on ({@code agentloop run --resume SESSION}). No CALL decides every call that
 * waits. {@code --always} also remembers the calls' rules for the workspace, as answering "always" at
 * the terminal does.
 */
final class DecideCommand extends LauncherCommand {
    private final boolean approve;
    String session;
    List<String> calls = new ArrayList<>();
    boolean always;
    String reason;

    private DecideCommand(boolean approve) {
        this.approve = approve;
    }

    static DecideCommand approve() {
        return new DecideCommand(true);
    }

    static DecideCommand deny() {
        return new DecideCommand(false);
    }

    private String name() {
        return approve ? "approve" : "deny";
    }

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe(name(), approve
                ? "Approves tool calls a paused run waits for (see approvals); they run once when it goes on."
                : "Denies tool calls a paused run waits for (see approvals); the model is told when it goes on.");
        spec.addPositional(Cli.word(0, "SESSION", null, "The session (see approvals).", () -> session,
                v -> session = v));
        spec.addPositional(Cli.words(1, "CALL", "The calls to decide (default: every call that waits).", () -> calls,
                v -> calls = v));
        if (approve) {
            spec.addOption(Cli.flag("Also allow calls like these from now on in this workspace (the rules "
                    + "'approvals --json' shows as remember_as).", () -> always, v -> always = v, "--always"));
        } else {
            spec.addOption(Cli.option(String.class, "TEXT", "Why, for the model.", () -> reason, v -> reason = v,
                    "--reason"));
        }
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        String command = "agentloop " + name();
        if (session == null) {
            err.println(command + ": say which session, for example: " + command + " SESSION (the calls that wait "
                    + "are in 'agentloop approvals')");
            return Launcher.USAGE;
        }
        LauncherConfig config = config();
        SecretRedactor mask = LauncherHooks.defaultRedactor();
        List<PendingCall> remembered = new ArrayList<>();
        try (Platform platform = Platform.start(parent.home, config, new PrintWriter(Writer.nullWriter()))) {
            SessionStore store = LauncherSessions.store(platform, config);
            Optional<Session> loaded = load(store);
            Optional<HeldRun> held = loaded.flatMap(HeldRun::of);
            if (held.isPresent()) { // decided in the engine that holds the run, never here
                int exit = new HeldDecision(this, name()).decide(config, store, loaded.get(), held.get(), calls,
                        this::decision, remembered);
                if (always && !remembered.isEmpty()) {
                    remember(config, remembered, out);
                }
                out.flush();
                return exit;
            }
            try (SessionWriter writer = open(store)) {
                Session current = store.load(session).orElseThrow(); // read under the lock: no run changes it now
                Map<String, CallProgress> chosen = chosen(current, err, command);
                if (chosen == null) {
                    return Launcher.USAGE;
                }
                for (CallProgress call : chosen.values()) {
                    String id = call.call().id();
                    CallDecision decision = decision(id);
                    writer.callDecided(decision);
                    if (always) {
                        remembered.add(call.pending().orElseThrow());
                    }
                    out.println((approve ? "Approved" + (always ? " always" : "") : "Denied") + " " + id + ": "
                            + call.call().name() + " " + mask.apply(call.call().arguments())
                            + decision.reason().map(r -> " (" + r + ")").orElse(""));
                }
            } catch (NoSuchElementException e) {
                throw new ConfigLoader.ConfigurationException("there is no session '" + session + "': the calls "
                        + "that wait are in 'agentloop approvals'");
            } catch (IllegalArgumentException e) {
                throw new ConfigLoader.ConfigurationException(e.getMessage()); // not a session id
            }
        }
        if (!remembered.isEmpty()) {
            remember(config, remembered, out);
        }
        out.println("Go on with: agentloop run --resume " + session);
        out.flush();
        return Launcher.ANSWERED;
    }

    /** This command's decision on a call. */
    private CallDecision decision(String id) {
        return approve ? (always ? CallDecision.always(id) : CallDecision.approve(id))
                : CallDecision.deny(id, Optional.ofNullable(reason).map(LauncherHooks.defaultRedactor()));
    }

    /** The session as it is now, read without its lock (a run may hold it); empty when there is none. */
    private Optional<Session> load(SessionStore store) {
        try {
            return store.load(session);
        } catch (IllegalArgumentException e) {
            throw new ConfigLoader.ConfigurationException(e.getMessage()); // not a session id
        }
    }

    private SessionWriter open(SessionStore store) {
        try {
            return store.open(session);
        } catch (SessionLockedException e) {
            throw new ConfigLoader.ConfigurationException("session " + session + " is in use by a run right now, so "
                    + "nothing of it waits for a decision yet: decide once that run has ended (" + e.getMessage() + ")");
        }
    }

    /** The calls to decide, by id, in call order; null (after saying why) when the command line names none of them. */
    private Map<String, CallProgress> chosen(Session current, PrintWriter err, String command) {
        List<CallProgress> pending = PendingCalls.pending(current);
        Map<String, CallProgress> chosen = new LinkedHashMap<>();
        if (calls.isEmpty()) {
            pending.stream().filter(call -> call.decision().isEmpty()).forEach(call -> chosen.put(call.call().id(), call));
            if (chosen.isEmpty()) {
                err.println(command + ": no tool call of session " + session + " waits for a decision" + (pending.isEmpty()
                        ? "" : " (decided already: " + ids(pending) + "; name a call to decide it again)")
                        + ". The calls that wait are in 'agentloop approvals'.");
                return null;
            }
            return chosen;
        }
        for (String id : calls) {
            Optional<CallProgress> call = pending.stream().filter(c -> c.call().id().equals(id)).findFirst();
            if (call.isEmpty()) {
                err.println(command + ": session " + session + " has no call '" + id + "' that waits for a decision; "
                        + (pending.isEmpty() ? "none of its calls waits." : "the calls that wait: " + ids(pending)));
                return null;
            }
            chosen.put(id, call.get());
        }
        return chosen;
    }

    private static String ids(List<CallProgress> calls) {
        return String.join(", ", calls.stream().map(c -> c.call().id() + " (" + c.call().name() + ")").toList());
    }

    /** --always: the calls' rules become the workspace's, as an "always" at the terminal makes them. */
    private static void remember(LauncherConfig config, List<PendingCall> calls, PrintWriter out) {
        // the workspace a run of this configuration works in (AgentSetup.workspace)
        Path workspace = WorkspaceSetup.workspaceRoot(config);
        List<String> rules = calls.stream().flatMap(call -> call.rememberAs().stream()).distinct().toList();
        if (rules.isEmpty()) {
            out.println("These calls have no rule to remember: later runs will ask again.");
            return;
        }
        ApprovedRules.of(config).add(workspace, rules);
        out.println("Later runs in " + workspace + " allow: " + String.join(", ", rules));
    }
}
