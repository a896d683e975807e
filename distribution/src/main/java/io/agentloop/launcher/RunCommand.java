package io.agentloop.launcher;

import io.agentloop.api.event.AgentEvent;
import io.agentloop.api.event.AgentListener;
import io.agentloop.api.message.Usage;
import io.agentloop.api.permission.Approver;
import io.agentloop.api.run.OpenTurn;
import io.agentloop.api.run.RunResult;
import io.agentloop.api.run.TerminalReason;
import io.agentloop.core.output.OutputSchema;
import io.agentloop.core.RunHandle;
import io.agentloop.core.plan.PlanAndSolve;
import io.agentloop.core.run.AgentStates;
import java.io.Console;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Model.CommandSpec;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/** {@code agentloop run "task"}: one run, streamed, ending with a usage line. */
final class RunCommand extends LauncherCommand {
    boolean example;
    boolean demo;

    static final String DEMO_TASK = "Count the words of: Once upon a time there was a little cat.";
    static final String DEMO_NOTICE = """
            Offline demo: stories260K, a real but tiny language model (260K parameters) that only writes \
            children's stories, runs in this process with llama.cpp: no network, no key. A grammar makes its first \
            turn a well-formed word_count call (the call always parses; its words are nonsense), the tool runs, \
            and the model answers the only way it can, with a story. Real work needs a real model: a GGUF file of \
            your own (--provider llamacpp --model FILE.gguf), Ollama, or a hosted provider.""";

    final SessionOptions sessionOptions = new SessionOptions();
    List<String> words = List.of();
    String outputSchema;
    boolean plan;
    String engine;

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("run", "Runs one task: streams the answer, shows tool calls, ends with a usage "
                + "line.");
        spec.addOption(Cli.flag("Run the offline example: a small rule-based model and a word counting tool, no "
                + "provider or key needed.", () -> example, v -> example = v, "--example"));
        spec.addOption(Cli.flag("Run the offline demo: a tiny real language model (it writes children's stories) "
                + "runs in process with llama.cpp, calls the word_count tool and answers; no network, no key.",
                () -> demo, v -> demo = v, "--demo"));
        spec.addOption(Cli.option(String.class, "FILE", "The answer must be JSON valid under this JSON Schema: the "
                + "model is held to it where the provider can, an answer that does not match goes back with the "
                + "violations (run.output-retries, 2), and only the answer kept is printed, alone on the last line "
                + "(in run_completed's output with --json).", () -> outputSchema, v -> outputSchema = v, "--output-schema"));
        spec.addOption(Cli.flag("Plan and solve: the model keeps a plan of steps through its planning tool, the steps "
                + "run round by round (independent ones at the same time), the model marks each completed or blocked "
                + "and may plan the rest again once, and the answer is written from every step's result.",
                () -> plan, v -> plan = v, "--plan"));
        spec.addOption(Cli.option(String.class, "ENGINE", "Where the run is carried out: local (this process, the "
                + "default) or temporal (durable: the workers of temporal.task-queue carry it out, this process follows "
                + "it; start them with agentloop worker).", () -> engine, v -> engine = v, "--engine"));
        sessionOptions.addTo(spec);
        spec.addPositional(Cli.words(0, "TASK", "The task, in words.", () -> words, v -> words = v));
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        PrintWriter err = err();
        String task = String.join(" ", words).strip();
        if (example && demo) {
            err.println("agentloop run: choose one of --example and --demo");
            return Launcher.USAGE;
        }
        if (task.isEmpty() && !example && !demo && !sessionOptions.continuing()) {
            err.println("agentloop run: say what to do, for example: agentloop run \"Summarise README.md\" "
                    + "(or agentloop run --demo to see a local model run offline)");
            return Launcher.USAGE;
        }
        // --resume or --continue with no task: go on from the session's record (a paused or crashed run)
        boolean goingOn = task.isEmpty() && !example && !demo && !plan;
        AgentSetup.Source source = example ? AgentSetup.Source.EXAMPLE : demo ? AgentSetup.Source.DEMO
                : AgentSetup.Source.CONFIGURED;
        LauncherConfig config = config();
        Optional<OutputSchema> output = Optional.ofNullable(outputSchema).map(RunCommand::outputSchema);
        if (example) {
            task = task.isEmpty() ? ExampleModel.DEFAULT_TASK : task;
        }
        if (demo) {
            task = task.isEmpty() ? DEMO_TASK : task;
        }
        if (Engines.durable(engine)) {
            if (example || demo || plan || goingOn) {
                err.println("agentloop run --engine " + engine + ": runs a task with the configured agent on the "
                        + "engine's workers; --example, --demo, --plan and going on without a task run here only");
                return Launcher.USAGE;
            }
            return FollowedRun.run(this, config, task, output);
        }
        try (Platform platform = platform(config)) {
            RunView console = view(config);
            JsonEventWriter json = new JsonEventWriter(out, LauncherHooks.defaultRedactor());
            AgentListener shown = options.json ? json : plan ? new PlanView(console) : console;
            AtomicInteger abandoned = new AtomicInteger();
            AtomicBoolean subAgentDenied = new AtomicBoolean();
            AgentListener renderer = event -> {
                if (PauseNotice.subAgentDenial(event)) {
                    subAgentDenied.set(true);
                }
                if (event instanceof AgentEvent.ToolError error && error.code().equals(AgentEvent.ToolError.ABANDONED)) {
                    abandoned.incrementAndGet();
                    console.aside(() -> {
                        err.println("agentloop: " + platform.extensions().tools().entries().stream()
                                .filter(tool -> tool.name().equals(error.name())).findFirst()
                                .map(tool -> tool.origin() + ": ").orElse("") + error.message());
                        err.flush();
                    });
                }
                // A structured answer is printed once it is kept, alone on the last line: an answer that did
                // not match the schema, sent back, would otherwise run together with the one that did.
                if (output.isPresent() && !options.json && event instanceof AgentEvent.TextDelta) {
                    return;
                }
                shown.onEvent(event);
            };
            String title = task;
            AtomicReference<Optional<LauncherSessions.Opened>> opened = new AtomicReference<>(Optional.empty());
            Optional<Approver> approver = terminalApprover(config).map(options.json ? a -> a : console::asking);
            try {
                AgentSetup setup = AgentSetup.of(platform, config, source, renderer, approver, () -> {
                    opened.set(LauncherSessions.open(platform, config, sessionOptions, title));
                    return opened.get();
                }, !plan);
                setup.notice(err, approver.isPresent());
                json.costs(setup.hooks().meter()::costText);
                console.costs(setup.hooks().meter()::costText);
                Optional<LauncherSessions.Opened> session = opened.get();
                if (!options.json && example) {
                    out.println("Example run, offline: a small rule-based model (not a language model) drives the "
                            + "real agent loop; it asks the word_count tool, then answers with its result.");
                }
                if (!options.json && demo) {
                    out.println(DEMO_NOTICE);
                }
                session.ifPresent(s -> {
                    if (options.json) {
                        json.session(s.info().id(), s.resumed(), s.history().size());
                    }
                });
                if (goingOn) {
                    LauncherSessions.Opened record = session.orElseThrow(); // --resume and --continue need one
                    if (!GoingOn.anything(record.history(), record.openTurn())) {
                        // An emptied or truncated session file holds no answer either: say what is true.
                        err.println("agentloop run: session " + record.info().id() + (record.history().isEmpty()
                                ? " is empty (it holds no messages)" : " ended with an answer") + "; there is "
                                + "nothing to go on with: say what to do next, for example agentloop run --resume "
                                + record.info().id() + " \"...\"");
                        setup.close();
                        return Launcher.USAGE;
                    }
                    if (!options.json) {
                        out.println(GoingOn.line(record.info().id(), record.openTurn()));
                    }
                } else if (!options.json) {
                    out.println("> " + task);
                }
                List<io.agentloop.api.message.Message> history = session.map(LauncherSessions.Opened::history)
                        .orElse(List.of());
                Optional<OpenTurn> openTurn = session.flatMap(LauncherSessions.Opened::openTurn);
                if (plan) {
                    int exit = planAndSolve(setup, task, renderer, console, out, err, session);
                    setup.close();
                    return exit;
                }
                RunResult result;
                try (CtrlC ctrlC = CtrlC.install()) {
                    if (ctrlC.jvmEnding()) {
                        setup.close();
                        return Launcher.CANCELLED;
                    }
                    // an open turn is settled first (its decided calls carried out) whether or not a task follows
                    RunHandle handle = goingOn || openTurn.isPresent()
                            ? setup.agent().start(session.orElseThrow().resumption(Optional.of(task)
                            .filter(t -> !t.isEmpty())), output)
                            : setup.agent().start(history, task, output);
                    ctrlC.stops(handle);
                    result = handle.await();
                }
                if (!options.json) {
                    console.summary(result);
                    Usage total = setup.hooks().meter().total();
                    session.ifPresent(s -> out.println("-- session " + s.info().id() + ": tokens in "
                            + total.inputTokens() + ", out " + total.outputTokens()
                            + setup.hooks().meter().costText(total).map(c -> ", cost " + c).orElse("")
                            + (result.awaitingApproval() ? " in all" // the pause line says how to go on
                            : " in all (continue it: agentloop run --resume " + s.info().id() + " \"...\")")));
                }
                if (!options.json) {
                    result.output().ifPresent(value -> out.println(OUTPUT_JSON.writeValueAsString(value)));
                }
                if (!result.deniedCalls().isEmpty()) {
                    err.println("agentloop: " + result.deniedCalls().size() + " tool call"
                            + (result.deniedCalls().size() == 1 ? " was" : "s were") + " denied and did not run: "
                            + String.join(", ", result.deniedCalls().stream().map(c -> c.call().name()).toList())
                            + " (the reasons are in the tool lines)");
                }
                if (!result.executableConfig().isEmpty()) {
                    err.println("agentloop: this run changed files other programs run later, outside the sandbox; "
                            + "read them before you run those programs: " + String.join(", ", result.executableConfig()));
                }
                if (result.awaitingApproval()) {
                    err.println(PauseNotice.line(result.pending(), session.map(s -> s.info().id()),
                            LauncherHooks.defaultRedactor()));
                }
                if (subAgentDenied.get() && approver.isEmpty()) {
                    err.println(PauseNotice.subAgentAdvice());
                }
                if (abandoned.get() > 0) {
                    err.println("agentloop: " + abandoned.get() + " tool call" + (abandoned.get() == 1 ? "" : "s")
                            + " did not stop when asked; the thread" + (abandoned.get() == 1 ? " was" : "s were")
                            + " left behind and end" + (abandoned.get() == 1 ? "s" : "") + " with the launcher");
                }
                session.flatMap(s -> s.recorder().failure()).ifPresent(failure -> err.println(
                        "agentloop: the session was not saved completely: " + failure.getMessage()));
                out.flush();
                setup.close();
                return exitCode(result);
            } finally {
                console.close();
                opened.get().ifPresent(LauncherSessions.Opened::close);
            }
        }
    }

    /** On JDK 22 and later a console exists even when input is redirected; it says whether it is a terminal. */
    static boolean interactive(Console console) {
        try {
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // JDK 21: System.console() is null unless both ends are a terminal
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C: the hook is running
        }
    }

    private static final JsonMapper OUTPUT_JSON = JsonMapper.builder().build();

    /**
     * {@code --plan}: the agent plans, runs each step and summarises. The plan, its statuses as they
     * change, the steps and their agents are lines on the console ({@link PlanLines},
     * {@link AgentLines}; {@code plan_created}, {@code plan_updated}, {@code step_started}... with
     * {@code --json}).
     */
    private int planAndSolve(AgentSetup setup, String task, AgentListener renderer, RunView console, PrintWriter out,
                             PrintWriter err, Optional<LauncherSessions.Opened> session) {
        Optional<PlanRecords.Saved> saved = session.filter(LauncherSessions.Opened::resumed).flatMap(s ->
                PlanRecords.unfinished(s.checkpoints(), s.history().reversed().stream()
                        .filter(io.agentloop.api.message.UserMessage.class::isInstance)
                        .map(m -> ((io.agentloop.api.message.UserMessage) m).text()).findFirst()));
        if (task.isEmpty() && saved.isEmpty()) {
            err.println("agentloop run --plan: the session has no unfinished plan to go on with; say what to do");
            return Launcher.USAGE;
        }
        Optional<PlanRecords> records = session.map(s -> new PlanRecords(s.writer(), LauncherHooks.defaultRedactor(),
                saved.map(p -> p.progress().replans()).orElse(0)));
        AgentListener steps = options.json ? event -> { } : new PlanLines(console, out);
        io.agentloop.api.Cancellation cancellation = new io.agentloop.api.Cancellation();
        Thread onCtrlC = new Thread(() -> cancellation.cancel("interrupted (Ctrl-C)"), "agentloop-ctrl-c");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        AgentStates.Watch agents = options.json ? () -> { } : AgentStates.process().watch(new AgentLines(console));
        try {
            PlanAndSolve planAndSolve = PlanAndSolve.builder().planner(setup.agent()).executor(setup.agent())
                    .listeners(records.<AgentListener>map(r -> r).orElse(event -> { }), steps, renderer,
                            setup.events().<AgentListener>map(e -> e).orElse(event -> { })).build();
            PlanAndSolve.Result result;
            if (saved.isPresent() && task.isEmpty()) {
                PlanAndSolve.Progress progress = saved.get().progress();
                if (!options.json) {
                    console.line("[resume] " + saved.get().goal() + ": " + progress.done().stream()
                            .filter(PlanAndSolve.StepResult::ok).count() + " of " + progress.steps().size()
                            + " step(s) done, going on");
                }
                result = planAndSolve.resume(saved.get().goal(), progress, cancellation);
            } else {
                records.ifPresent(r -> r.started(task));
                result = planAndSolve.run(task, cancellation);
            }
            records.ifPresent(r -> r.finished(result));
            long failed = result.steps().stream().filter(r -> !r.ok()).count();
            if (!options.json) {
                if (!result.files().isEmpty()) {
                    console.line("-- files: " + String.join(", ", result.files()));
                }
                console.line("-- PLAN DONE: " + result.steps().size() + " step(s), " + failed + " failed, "
                        + result.replans() + " replan(s); tokens in " + result.usage().inputTokens() + ", out "
                        + result.usage().outputTokens());
            }
            out.flush();
            return Launcher.ANSWERED;
        } catch (io.agentloop.api.AgentException e) {
            err.println("agentloop: the plan could not be carried out: " + e.getMessage());
            return Launcher.NO_ANSWER;
        } finally {
            agents.close();
            removeHook(onCtrlC);
        }
    }

    /** The JSON Schema in {@code file}, or a configuration error naming the file and what is wrong. */
    @SuppressWarnings("unchecked")
    static OutputSchema outputSchema(String file) {
        Path path = Path.of(file);
        try {
            return OutputSchema.of(OUTPUT_JSON.readValue(Files.readString(path), Map.class));
        } catch (IOException | JacksonException e) {
            throw new ConfigLoader.ConfigurationException("--output-schema " + file + ": cannot read a JSON object "
                    + "from it (" + (e instanceof JacksonException j ? j.getOriginalMessage() : e.toString()) + ")");
        } catch (IllegalArgumentException e) {
            throw new ConfigLoader.ConfigurationException("--output-schema " + file + ": " + e.getMessage());
        }
    }

    static int exitCode(RunResult result) {
        if (result.success()) {
            return Launcher.ANSWERED;
        }
        if (result.awaitingApproval()) {
            return Launcher.AWAITING_APPROVAL;
        }
        return result.reason().filter(r -> r == TerminalReason.CANCELLED).isPresent() ? Launcher.CANCELLED
                : Launcher.NO_ANSWER;
    }
}
