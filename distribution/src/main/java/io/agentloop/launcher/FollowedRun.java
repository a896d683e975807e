package io.agentloop.launcher;

import io.agentloop.api.run.CallDecision;
import io.agentloop.api.run.RunResult;
import io.agentloop.core.engine.DurableEngine;
import io.agentloop.core.event.EventJson;
import io.agentloop.core.output.OutputSchema;
import io.agentloop.core.run.RunJournal;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code agentloop run --engine temporal}: a run carried out by a durable engine's workers, followed here. */
final class FollowedRun {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration EVERY = Duration.ofMillis(200);

    private FollowedRun() {
    }

    /** No one can decide on a call that waits: the run is left waiting in the engine. */
    private static final class LeftWaiting extends RuntimeException {
        final List<String> calls = new ArrayList<>();
        final List<String> ids = new ArrayList<>();

        LeftWaiting() {
            super(null, null, false, false);
        }
    }

    /**
     * {@code --engine temporal}: the run starts on the engine and this process follows it: its events
     * shown as they come, its record written to the session, a call that asks decided by the person at
     * the terminal (with no one there the run is left waiting in the engine, and the line says how to
     * decide), Ctrl-C cancelling it there.
     */
    static int run(RunCommand command, LauncherConfig config, String task, Optional<OutputSchema> output) {
        PrintWriter out = command.out();
        PrintWriter err = command.err();
        CommonOptions options = command.options;
        Optional<BufferedReader> person = Optional.ofNullable(System.console())
                .filter(terminal -> command.parent.in == null && RunCommand.interactive(terminal))
                .map(terminal -> new BufferedReader(terminal.reader()));
        try (Platform platform = command.platform(config);
             DurableEngine durable = Engines.connect(command.parent.home, config, command.engine)) {
            Optional<LauncherSessions.Opened> session = LauncherSessions.open(platform, config, command.sessionOptions, task);
            RunView console = command.view(config);
            try {
                String runId = "run-" + java.util.UUID.randomUUID();
                DurableEngine.Run run = durable.start(runId, LauncherBackend.DEFAULT_AGENT,
                        session.map(LauncherSessions.Opened::history).orElse(List.of()), task,
                        output.map(OutputSchema::schema), Optional.of(terms(config)));
                Optional<HeldFollow> held = session.map(s -> HeldFollow.starting(s.writer(), command.engine, runId));
                if (!options.json) {
                    out.println("> " + task);
                    out.println("(durable run " + runId + " on " + durable.describe() + ")");
                    out.flush();
                }
                LeftWaiting waiting = new LeftWaiting();
                Consumer<String> shown = line -> {
                    JsonNode event = JSON.readTree(line);
                    if (options.json) {
                        out.println(LauncherHooks.defaultRedactor().apply(line));
                        out.flush();
                    } else {
                        EventJson.read(event).ifPresent(console::onEvent);
                    }
                    if (event.path("type").asString().equals("tool_call_pending")) {
                        ask(run, event, person, err, waiting);
                    }
                };
                RunResult result;
                try (CtrlC ctrlC = CtrlC.install()) {
                    ctrlC.stops(run::cancel, run.result());
                    result = held.isPresent()
                            ? held.get().follow(run, shown, session.get().recorder(), EVERY)
                            : run.follow(shown, RunJournal.NONE, EVERY);
                } catch (LeftWaiting left) {
                    err.println(leftWaiting(durable, run, left, session.map(s -> s.info().id())));
                    return Launcher.AWAITING_APPROVAL;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return Launcher.CANCELLED;
                } catch (RuntimeException e) {
                    err.println("agentloop: lost track of run " + runId + " on " + durable.describe() + " (" + e.getMessage()
                            .lines().findFirst().orElse(e.toString()) + "); it may go on there: its workflow is agentloop-"
                            + runId);
                    return Launcher.NO_ANSWER;
                }
                session.ifPresent(s -> s.recorder().ended(result, LauncherBackend.DEFAULT_AGENT));
                if (!options.json) {
                    console.summary(result);
                    session.ifPresent(s -> out.println("-- session " + s.info().id() + ": tokens in "
                            + result.usage().inputTokens() + ", out " + result.usage().outputTokens()));
                    result.output().ifPresent(value -> out.println(JSON.writeValueAsString(value)));
                }
                out.flush();
                return RunCommand.exitCode(result);
            } finally {
                console.close();
                session.ifPresent(LauncherSessions.Opened::close);
            }
        }
    }

    /**
     * The run's mode, "always" rules and workspace are this command's (its configuration,
     * {@code --mode}, {@code --yes}, the rules approved in its workspace), held within the workers'.
     */
    private static DurableEngine.Terms terms(LauncherConfig config) {
        Path workspace = WorkspaceSetup.workspaceRoot(config);
        return new DurableEngine.Terms(AgentSetup.permissions(config).mode(), ApprovedRules.of(config).rules(workspace),
                Optional.of(workspace));
    }

    /**
     * How to decide calls a run left waiting in the engine: with a session, {@code approve} and
     * {@code deny} (the run goes on there); and with the engine's own command line, one command a
     * call that works as printed (to deny, its approval is {@code DENY}).
     */
    private static String leftWaiting(DurableEngine durable, DurableEngine.Run run, LeftWaiting left,
                                      Optional<String> session) {
        StringBuilder text = new StringBuilder("agentloop: the run waits in Temporal for a decision on ")
                .append(String.join(", ", left.calls)).append("; it goes on there once decided. ");
        session.ifPresent(id -> text.append("Decide with agentloop approve ").append(id).append(" or agentloop deny ")
                .append(id).append(", or with Temporal's command line"));
        text.append(session.isPresent() ? " (" : "Decide with Temporal's command line (")
                .append("to deny, give \"approval\":\"DENY\"):");
        for (String id : waiting(run, left)) {
            durable.manualDecision(run.runId(), id).ifPresent(command -> text.append(System.lineSeparator()).append("  ")
                    .append(command));
        }
        return text.toString();
    }

    /** Every call the run waits for now (the first pending event stopped the following), or those seen. */
    private static List<String> waiting(DurableEngine.Run run, LeftWaiting left) {
        try {
            List<String> ids = run.waiting().stream().map(call -> call.call().id()).toList();
            return ids.isEmpty() ? left.ids : ids;
        } catch (RuntimeException e) {
            return left.ids; // the engine does not answer now: the calls seen
        }
    }

    /** Asks the person at the terminal about a call that waits, and tells the run; with no one there, leaves it waiting. */
    private static void ask(DurableEngine.Run run, JsonNode pending, Optional<BufferedReader> person, PrintWriter err,
                            LeftWaiting waiting) {
        String id = pending.path("id").asString();
        String call = pending.path("name").asString() + " " + LauncherHooks.defaultRedactor().apply(
                pending.path("arguments").asString());
        if (person.isEmpty()) {
            waiting.calls.add(call + " (call " + id + ")");
            waiting.ids.add(id);
            throw waiting;
        }
        List<String> reasons = new ArrayList<>();
        pending.path("reasons").forEach(reason -> reasons.add(reason.asString()));
        err.print("agentloop: " + call + " asks for approval" + (reasons.isEmpty() ? "" : " (" + String.join("; ",
                reasons) + ")") + ". Run it? [y/N] ");
        err.flush();
        String answer;
        try {
            answer = person.get().readLine();
        } catch (IOException e) {
            answer = null;
        }
        boolean yes = answer != null && (answer.strip().equalsIgnoreCase("y") || answer.strip().equalsIgnoreCase("yes"));
        run.decide(List.of(yes ? CallDecision.approve(id) : CallDecision.deny(id, Optional.of("the person said no"))));
    }

}
